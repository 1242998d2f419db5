import type { VideoObject } from "schema-dts"
import type { PageHead } from "../../src/seo/page-head"

// gatsby-plugin-sitemap's hooks (gatsby-config.ts). Every page's head
// already says whether it is listed and when its content changed, so the
// sitemap cannot disagree with the pages.

/**
 * The sitemap plugin's query: it must run one, and reads no page from it.
 * The pages come from recordedPages() instead: reading every SitePage node's
 * context back from Gatsby's store cost 1.0–1.2 s of a 10 000-episode build
 * (decoding 11 292 nodes from LMDB) for heads the build had just made.
 */
export const SITEMAP_QUERY = `
  {
    site {
      id
    }
  }
`

/**
 * The heads given to pages in this build, from the site's page creation
 * (gatsby-node.ts) to the sitemap plugin's resolvePages (gatsby-config.ts).
 * Both run in Gatsby's main process, but Gatsby compiles the two files into
 * separate bundles, each with its own copy of this module: the registry is
 * on globalThis under a registered symbol. Each build is a new process, and
 * createPages and onCreatePage give every page its head in every build, so
 * it holds this build's pages only.
 */
const PAGE_HEADS = Symbol.for("video-catalogue-site.page-heads")
type HeadRegistry = Map<string, PageHead>
const registry = (): HeadRegistry => ((globalThis as Record<symbol, HeadRegistry | undefined>)[PAGE_HEADS] ??= new Map())

/** Notes the head a page was created with (the last one counts: onCreatePage creates a page again with its head). */
export function recordPageHead(path: string, seo: PageHead): void {
  registry().set(path, seo)
}

/** Every page given a head in this build, as the sitemap's pages. */
export function recordedPages(): SitemapPage[] {
  return [...registry()].map(([path, seo]) => ({ path, pageContext: { seo } }))
}

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
