// The Ref of catalogue-api.md ("Changes feed and publish webhook"): which
// entity changed, named as the contract's endpoints name it. Ids are Strapi
// documentIds (seeded entities keep the reference server's, "1002").

export type RefType = "category" | "subcategory" | "series" | "episode" | "featured" | "site-settings"

export interface Ref {
  type: RefType
  /** The documentId; null for the one site-settings object. */
  id: string | null
}

/** The catalogue's content types and the Ref type each one's entities carry. */
export const REF_TYPE_OF_UID: Readonly<Record<string, RefType>> = {
  "api::category.category": "category",
  "api::sub-category.sub-category": "subcategory",
  "api::series.series": "series",
  "api::episode.episode": "episode",
  "api::featured-item.featured-item": "featured",
  "api::site-setting.site-setting": "site-settings",
}

export const isCatalogueUid = (uid: string): boolean => Object.prototype.hasOwnProperty.call(REF_TYPE_OF_UID, uid)

/** The Ref of one document of a catalogue content type. */
export function refOf(uid: string, documentId: string): Ref {
  const type = REF_TYPE_OF_UID[uid]
  if (type === undefined) throw new Error(`${uid} is not one of the catalogue's content types`)
  return { type, id: type === "site-settings" ? null : documentId }
}

/** One string per entity, for sets and maps. */
export const refKey = (ref: Ref): string => `${ref.type}:${ref.id ?? ""}`
