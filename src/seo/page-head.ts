import type { Thing, WithContext } from "schema-dts"

/** One step of a page's trail: a page's name and path. */
export interface Crumb {
  name: string
  path: string
}

/** A picture for link previews: absolute, 1200×630, made by the image pipeline. */
export interface SocialImage {
  url: string
  width: number
  height: number
  alt: string
}

/**
 * Everything a page's <head> says to search engines and link previews,
 * decided once at page creation (gatsby/seo/resolve-page-seo.ts) and kept in
 * the page's PageHead node, which its query reads, so the Head API only renders it.
 */
export interface PageHead {
  /** The final <title>, template applied. */
  title: string
  description: string | null
  /** Absolute; null where a page has no address of its own (the 404 page). */
  canonical: string | null
  /** True: `noindex`, for the entity's own flag or a site with indexing switched off. */
  noindex: boolean
  ogType: "website" | "video.episode"
  siteName: string
  image: SocialImage | null
  /** E.g. "@moveflix". */
  twitterSite: string | null
  /** JSON-LD objects; rendered with `<` escaped (structured-data.ts). */
  structuredData: WithContext<Thing>[]
  /**
   * From the home page down to this one, as the BreadcrumbList in
   * structuredData names them: the page shows the same trail
   * (components/layout/breadcrumbs.tsx). Empty where a page has none (home, fixed pages).
   */
  breadcrumbs: Crumb[]
  /** What the sitemap needs: whether the page is listed, and when its content changed. */
  sitemap: { listed: boolean; lastmod: string | null }
}
