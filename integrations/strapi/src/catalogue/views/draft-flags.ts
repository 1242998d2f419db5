import type { Core } from "@strapi/strapi"
import { differsFromPublished } from "../serialise/draft-flag"
import type { Stamp, StrapiDocument } from "../serialise/documents"
import type { CatalogueType } from "./content-types"

/** A document's `draft` flag in the view read: undefined in the published view, which carries none. */
export type FlagOf = (document: StrapiDocument) => boolean | undefined

const NO_FLAG: FlagOf = () => undefined

/** When each of these documents' published versions was last updated; a document never published is not in the map. */
async function publishedStamps(strapi: Core.Strapi, uid: CatalogueType, documentIds: readonly string[]): Promise<Map<string, Stamp>> {
  if (documentIds.length === 0) return new Map()
  const rows = (await strapi.db.query(uid).findMany({
    where: { documentId: { $in: [...new Set(documentIds)] }, publishedAt: { $notNull: true } },
    select: ["documentId", "updatedAt"],
  })) as { documentId: string; updatedAt: Stamp }[]
  return new Map(rows.map((row) => [row.documentId, row.updatedAt]))
}

/**
 * The `draft` flags of drafts read in the draft view, found with one query
 * for their published versions; in the published view, none.
 */
export async function draftFlags(strapi: Core.Strapi, draftView: boolean, uid: CatalogueType, drafts: readonly StrapiDocument[]): Promise<FlagOf> {
  if (!draftView) return NO_FLAG
  const published = await publishedStamps(
    strapi,
    uid,
    drafts.map((draft) => draft.documentId),
  )
  return (draft) => differsFromPublished(draft.updatedAt, published.get(draft.documentId))
}
