import type { BreadcrumbList, Clip, Organization, Thing, VideoObject, WebSite, WithContext } from "schema-dts"
import { momentUrl } from "../../src/playback/moment"

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
  /** The video host's chapters, whole seconds, ascending. */
  chapters?: readonly { start: number; end: number; title: string }[]
  /** The transcript in the page's language, plain text. */
  transcript?: string | null
}

/** Seconds as an ISO 8601 duration, as VideoObject wants it: 754 → "PT12M34S". */
export function isoDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds))
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`
}

/**
 * The chapters as Google's key moments: a Clip each, with its title, its
 * start and end in seconds, and the episode page's address at its start
 * (`?t=90`, which starts the page's player there). Google wants a name on
 * each and no two starting together: a chapter without a title, or starting
 * where an earlier one does, is left out.
 */
export function keyMoments(chapters: readonly { start: number; end: number; title: string }[], pageUrl: string): Clip[] {
  const starts = new Set<number>()
  return chapters.flatMap((chapter) => {
    const name = chapter.title.trim()
    if (!name || starts.has(chapter.start)) return []
    starts.add(chapter.start)
    const end = chapter.end > chapter.start ? { endOffset: chapter.end } : {}
    return [{ "@type": "Clip", name, startOffset: chapter.start, ...end, url: momentUrl(pageUrl, chapter.start) } satisfies Clip]
  })
}

/** The one video an episode page is about, with its key moments and transcript when the host gave them. */
export function videoObject(video: VideoFacts): WithContext<VideoObject> {
  const clips = keyMoments(video.chapters ?? [], video.pageUrl)
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
    ...(clips.length ? { hasPart: clips } : {}),
    ...(video.transcript ? { transcript: video.transcript } : {}),
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
