import type { VideoObject } from "schema-dts"
import type { PageHead } from "./page-head"

// gatsby-plugin-sitemap's hooks (gatsby-config.ts). Every page's head
// already says whether it is listed and when its content changed, so the
// sitemap cannot disagree with the pages.

/** What the sitemap's query reads of each page. */
export const SITEMAP_QUERY = `
  {
    allSitePage {
      nodes {
        path
        pageContext
      }
    }
  }
`

export interface SitemapPage {
  path: string
  pageContext: { seo?: PageHead } | null
}

/**
 * The pages the sitemap lists: those whose head says so (indexable content pages), by path.
 * Sorted because Gatsby returns SitePage nodes in the order they were last written, which differs
 * between a warm build (the edited pages' nodes written again) and a cold one, and the same
 * catalogue should give the same sitemap bytes.
 */
export function listedPages(data: { allSitePage: { nodes: SitemapPage[] } }): SitemapPage[] {
  return data.allSitePage.nodes
    .filter((page) => page.pageContext?.seo?.sitemap.listed === true)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

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
export function sitemapEntry(page: SitemapPage): SitemapEntry {
  const seo = page.pageContext?.seo
  const entry: SitemapEntry = { url: page.path }
  if (seo?.sitemap.lastmod) entry.lastmod = seo.sitemap.lastmod
  const video = seo?.structuredData.find((object) => (object as { "@type"?: string })["@type"] === "VideoObject") as VideoObject | undefined
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
