import type { BreadcrumbList, Organization, Thing, VideoObject, WebSite, WithContext } from "schema-dts"

// JSON-LD for the pages, typed with schema-dts so a misspelt property is a
// type error. Which page carries which type is decided in resolve-page-seo.ts.

export interface Crumb {
  name: string
  /** Absolute URL. */
  url: string
}

/** Home > Category > Subcategory > Series > Episode, as far as the page goes. */
export function breadcrumbList(crumbs: Crumb[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  }
}

export interface VideoFacts {
  name: string
  description: string
  /** Absolute URLs; the first is the site's own 1200×630 picture. */
  thumbnailUrls: string[]
  /** ISO 8601. */
  uploadDate: string
  durationSeconds: number | null
  embedUrl: string | null
  /** The episode page, absolute. */
  pageUrl: string
}

/** Seconds as an ISO 8601 duration, as VideoObject wants it: 754 → "PT12M34S". */
export function isoDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds))
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`
}

/** The one video an episode page is about. */
export function videoObject(video: VideoFacts): WithContext<VideoObject> {
  return {
    "@context": "https://schema.org",
    "@type": "VideoObject",
    name: video.name,
    description: video.description,
    thumbnailUrl: video.thumbnailUrls,
    uploadDate: video.uploadDate,
    ...(video.durationSeconds ? { duration: isoDuration(video.durationSeconds) } : {}),
    ...(video.embedUrl ? { embedUrl: video.embedUrl } : {}),
    url: video.pageUrl,
  }
}

export function webSite(name: string, url: string): WithContext<WebSite> {
  return { "@context": "https://schema.org", "@type": "WebSite", name, url }
}

export function organization(name: string, url: string, logoUrl: string | null, sameAs: string[]): WithContext<Organization> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name,
    url,
    ...(logoUrl ? { logo: logoUrl } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  }
}

/** The schema.org type names of a page's objects, for checks and the report. */
export function structuredDataTypes(objects: WithContext<Thing>[]): string[] {
  return objects.map((object) => String((object as { "@type"?: unknown })["@type"]))
}
