import type { Core, UID } from "@strapi/strapi"
import type { CatalogueType } from "./content-types"

/** Which versions a read asks Strapi for: the published ones, or the drafts (Strapi keeps a draft of every document). */
export type Status = "published" | "draft"

export interface ReadParams {
  status: Status
  populate?: object
  sort?: readonly string[]
  fields?: readonly string[]
  filters?: object
}

/**
 * The Document Service of one catalogue type, typed as these reads use it:
 * the project has no generated types, so Strapi's own would type every
 * answer as any document. The serialisers type what they read.
 */
export interface CatalogueDocuments {
  findMany(params: ReadParams): Promise<unknown[]>
  findOne(params: ReadParams & { documentId: string }): Promise<unknown>
  findFirst(params: ReadParams): Promise<unknown>
}

export function documentsOf(strapi: Core.Strapi, uid: CatalogueType): CatalogueDocuments {
  return strapi.documents(uid as UID.ContentType) as unknown as CatalogueDocuments
}
