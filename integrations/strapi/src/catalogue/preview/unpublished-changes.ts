import type { Core } from "@strapi/strapi"
import { differsFromPublished } from "../serialise/draft-flag"
import type { Stamp } from "../serialise/documents"

/**
 * Whether a document's draft shows something its published version does not
 * (Strapi's "Modified"), or it has no published version: then the preview,
 * which shows drafts, is not its published page.
 */
export async function hasUnpublishedChanges(strapi: Core.Strapi, uid: string, documentId: string): Promise<boolean> {
  const versions = (await strapi.db.query(uid as never).findMany({ where: { documentId }, select: ["updatedAt", "publishedAt"] })) as {
    updatedAt: Stamp
    publishedAt: Stamp
  }[]
  const published = versions.find((version) => version.publishedAt !== null && version.publishedAt !== undefined)
  const draft = versions.find((version) => version.publishedAt === null || version.publishedAt === undefined)
  if (!published) return true
  return draft !== undefined && differsFromPublished(draft.updatedAt, published.updatedAt)
}
