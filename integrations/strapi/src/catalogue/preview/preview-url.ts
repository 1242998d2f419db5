import { handOffUrl } from "./hand-off"

/** The site's page for each previewable content type (the site's src/routes.ts). */
const PAGE_OF: Record<string, (id: string) => string> = {
  "api::category.category": (id) => `/category/${encodeURIComponent(id)}/`,
  "api::sub-category.sub-category": (id) => `/subcategory/${encodeURIComponent(id)}/`,
  "api::series.series": (id) => `/series/${encodeURIComponent(id)}/`,
  "api::episode.episode": (id) => `/detail/${encodeURIComponent(id)}/`,
  "api::featured-item.featured-item": () => "/",
  "api::site-setting.site-setting": () => "/",
}

export interface PreviewUrlInput {
  uid: string
  documentId: string
  /** Strapi's: "draft" (the default), "modified" or "published". */
  status?: string
  /** Whether the document's draft differs from its published version, or it has none published (./unpublished-changes.ts); asked for "published" only. */
  unpublishedChanges?: boolean
  /** PREVIEW_SITE_URL: the preview lane's public address. */
  siteUrl: string
  /** PREVIEW_HANDOFF_SECRET, shared with the publisher's preview lane. */
  secret: string
  now?: number
}

/**
 * The Preview button's address: the same page on the preview lane, through
 * a hand-off that signs the editor in for a short while. null (Strapi then
 * shows no preview) for a type without a page, or when the preview lane is
 * not configured.
 *
 * The preview lane shows drafts, and the live site refuses to be framed
 * (frame-ancestors 'none'), so the "published" status (the Published tab of
 * Strapi's preview screen) has a page only while the document's draft is
 * its published version: else null, and the tab says "No content found".
 * Not null always: the edit view's Preview box asks with the document's own
 * status, "published" once it has no unpublished changes, and shows no
 * "Open preview" button for a null.
 */
export function previewUrl({ uid, documentId, status, unpublishedChanges, siteUrl, secret, now }: PreviewUrlInput): string | null {
  const page = PAGE_OF[uid]
  if (!page || !siteUrl || !secret) return null
  if (status === "published" && unpublishedChanges !== false) return null
  return handOffUrl(siteUrl, page(documentId), secret, now ?? Date.now())
}
