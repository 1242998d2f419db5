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
  status?: string
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
 */
export function previewUrl({ uid, documentId, siteUrl, secret, now }: PreviewUrlInput): string | null {
  const page = PAGE_OF[uid]
  if (!page || !siteUrl || !secret) return null
  return handOffUrl(siteUrl, page(documentId), secret, now ?? Date.now())
}
