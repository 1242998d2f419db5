import type { Stamp } from "./documents"
import { stampMs } from "./stamps"

/**
 * Whether a document's draft shows something its published version does not,
 * as Strapi's content manager tells "Modified" from "Published"
 * (@strapi/content-manager's document-metadata getStatus, and the
 * publicationFilter "modified" of @strapi/utils): a document never published
 * is a draft; otherwise its draft is newer when it was updated after the
 * published version was (publishing copies the draft, so an unchanged draft
 * is never the later of the two).
 */
export function differsFromPublished(draftUpdatedAt: Stamp, publishedUpdatedAt: Stamp | undefined): boolean {
  if (publishedUpdatedAt === undefined || publishedUpdatedAt === null) return true
  const draft = stampMs(draftUpdatedAt)
  const published = stampMs(publishedUpdatedAt)
  if (Number.isNaN(draft) || Number.isNaN(published)) return false
  return draft > published
}
