import type { VideoObject } from "schema-dts"
import type { PageHead } from "../../src/seo/page-head"

// The sitemap, from the heads the build decided (gatsby-node.ts createPages):
// every page's head already says whether it is listed and when its content
// changed, so the sitemap cannot disagree with the pages.

export interface SitemapVideo {
  thumbnail_loc: string
  title: string
  description: string
  player_loc: string
  duration?: number
}

export interface SitemapEntry {
  url: string
  lastmod?: string
  video?: SitemapVideo[]
}

const first = (value: unknown): string | undefined => (Array.isArray(value) ? first(value[0]) : typeof value === "string" ? value : undefined)

/** Seconds of an ISO 8601 duration such as "PT12M34S". */
export function durationSeconds(iso: string | undefined): number | undefined {
  const match = iso && /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(iso)
  return match ? Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0) : undefined
}

/**
 * One sitemap entry; an episode's carries its video as Google's video
 * sitemap extension wants it, read from the page's own VideoObject. Google
 * caps a title at 100 and a description at 2 048 characters.
 */
export function sitemapEntry(path: string, head: PageHead): SitemapEntry {
  const entry: SitemapEntry = { url: path }
  if (head.sitemap.lastmod) entry.lastmod = head.sitemap.lastmod
  const video = head.structuredData.find((object) => (object as { "@type"?: string })["@type"] === "VideoObject") as VideoObject | undefined
  const thumbnail = first(video?.thumbnailUrl)
  const player = first(video?.embedUrl)
  const title = first(video?.name)
  if (video && thumbnail && player && title) {
    const duration = durationSeconds(first(video.duration))
    entry.video = [
      {
        thumbnail_loc: thumbnail,
        title: title.slice(0, 100),
        description: (first(video.description) ?? title).slice(0, 2048),
        player_loc: player,
        ...(duration !== undefined && duration <= 28_800 ? { duration } : {}),
      },
    ]
  }
  return entry
}

/**
 * The entries of the pages whose head says they are listed (indexable
 * content pages), by path: the same catalogue gives the same sitemap bytes,
 * whatever order the pages were made in.
 */
export function sitemapEntries(heads: ReadonlyMap<string, PageHead>): SitemapEntry[] {
  return [...heads]
    .filter(([, head]) => head.sitemap.listed)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, head]) => sitemapEntry(path, head))
}
