import { PAGE_LANGUAGE } from "../../src/page-language"
import { routes, withTrailingSlash } from "../../src/routes"
import { orderTranscripts, transcriptText } from "../../src/transcript-order"
import type { PageHead, SocialImage } from "../../src/seo/page-head"
import type { SeoReportPage } from "./report/report-types"
import { DESCRIPTION_MAX, DESCRIPTION_MIN, resolvePageSeo, warnDuplicates, type PageSeoInput, type SiteSeo } from "./resolve-page-seo"

// Turns the createPages query (gatsby-node.ts) into each page's SEO input:
// the entity's text, its SEO fields, its picture at social size, where it
// sits (breadcrumbs) and when its content last changed. Node only.

type Data = Queries.CreatePagesQuery
type ResizedImage = { readonly resize: { readonly src: string | null; readonly width: number | null; readonly height: number | null } | null }
type SourcedSeo = NonNullable<Data["allCatalogueEpisode"]["nodes"][number]["seo"]>

/** A resized picture as an absolute social image; null when the pipeline gave none. */
export function socialImage(siteUrl: string, image: ResizedImage | null | undefined, alt: string): SocialImage | null {
  const resize = image?.resize
  if (!resize?.src || !resize.width || !resize.height) return null
  const url = /^https?:\/\//.test(resize.src) ? resize.src : `${siteUrl}${resize.src}`
  return { url, width: resize.width, height: resize.height, alt }
}

/** The latest of several ISO dates; null when none is one. */
export function latest(dates: readonly (string | null | undefined)[]): string | null {
  let best: string | null = null
  for (const date of dates) {
    if (date && !Number.isNaN(Date.parse(date)) && (!best || Date.parse(date) > Date.parse(best))) best = date
  }
  return best
}

/**
 * The entity's best text for a meta description: the first that fits what
 * search results show, else the first there is (the checks then warn).
 */
export function bestDescription(candidates: readonly (string | null | undefined)[]): string | null {
  const texts = candidates.map((text) => text?.trim()).filter((text): text is string => !!text)
  return texts.find((text) => text.length >= DESCRIPTION_MIN && text.length <= DESCRIPTION_MAX) ?? texts[0] ?? null
}

export interface CatalogueSeo {
  /** Head of the page at `pagePath` showing the entity; the report row is kept. */
  category(id: string, pagePath: string, pageNumber: number): PageHead
  subcategory(id: string, pagePath: string): PageHead
  series(id: string, pagePath: string): PageHead
  episode(id: string, pagePath: string): PageHead
  /** Head of a page under src/pages. */
  fixed(input: PageSeoInput): PageHead
  /** The report row of one page, as decided (no site-wide warnings yet). */
  row(path: string): SeoReportPage | undefined
  /** Every page's report row, duplicate warnings included. */
  reportRows(): SeoReportPage[]
  /** The newest change anywhere in the catalogue: the home page shows a bit of everything. */
  newestChange: string | null
}

/** Paths in reading order (/category/1/2/ before /category/1/10/). One collator: `localeCompare` with options builds one per call, seconds for 10 000 pages. */
const byPath = new Intl.Collator(undefined, { numeric: true })

type Crumb = { name: string; path: string }
type Node<K extends keyof Data> = Data[K] extends { nodes: readonly (infer N)[] } ? N : never

/** The latest change of an entity and of what it lists: a grid page changes when one of its cards does. */
const updatedWith = (entity: { updatedAt: string | null }, members: readonly { updatedAt: string | null }[]) =>
  latest([entity.updatedAt, ...members.map((member) => member.updatedAt)])

/**
 * The catalogue's entities by upstream id, and each page's breadcrumbs from
 * the home page down through its containers.
 */
function catalogueIndex(data: Data) {
  const categories = new Map(data.allCatalogueCategory.nodes.map((node) => [node._id, node]))
  const subcategories = new Map(data.allCatalogueSubcategory.nodes.map((node) => [node._id, node]))
  const series = new Map(data.allCatalogueSeries.nodes.map((node) => [node._id, node]))
  const episodes = new Map(data.allCatalogueEpisode.nodes.map((node) => [node._id, node]))

  const home = { name: "Home", path: "/" }
  const crumb = (title: string | null, path: string): Crumb => ({ name: title || "Untitled", path: withTrailingSlash(path) })
  const categoryCrumbs = (id: string | null | undefined): Crumb[] => {
    const category = id ? categories.get(id) : undefined
    return category ? [home, crumb(category.title, routes.category(category._id))] : [home]
  }
  const subcategoryCrumbs = (id: string | null | undefined): Crumb[] => {
    const subcategory = id ? subcategories.get(id) : undefined
    return subcategory ? [...categoryCrumbs(subcategory.categoryId), crumb(subcategory.title, routes.subcategory(subcategory._id))] : [home]
  }
  const seriesCrumbs = (id: string | null | undefined): Crumb[] => {
    const one = id ? series.get(id) : undefined
    return one ? [...subcategoryCrumbs(one.subcategoryId), crumb(one.title, routes.series(one._id))] : [home]
  }
  const episodeCrumbs = (episode: Node<"allCatalogueEpisode">): Crumb[] => [...seriesCrumbs(episode.seriesId), crumb(episode.title, routes.episode(episode._id))]
  return { categories, subcategories, series, episodes, crumbs: { category: categoryCrumbs, subcategory: subcategoryCrumbs, series: seriesCrumbs, episode: episodeCrumbs } }
}

/** What every catalogue page takes from its entity alike: its label, title, SEO fields and picture. */
function entityPage(
  site: SiteSeo,
  kind: "category" | "subcategory" | "series" | "episode",
  id: string,
  entity: { title: string | null; seo: SourcedSeo | null; images: readonly ResizedImage[] },
) {
  const alt = entity.title ?? site.siteName
  const seo = entity.seo
  return {
    kind,
    entity: `${kind} ${id} (${entity.title ?? "untitled"})`,
    title: entity.title,
    seo: seo && {
      title: seo.title,
      description: seo.description,
      image: socialImage(site.siteUrl, seo.image, seo.imageAlt ?? alt),
      imageRequested: seo.imageRequested,
      canonicalUrl: seo.canonicalUrl,
      noindex: seo.noindex,
    },
    image: socialImage(site.siteUrl, entity.images?.[0], alt),
    listable: true,
  }
}

/** Each catalogue page's SEO input, from the page query. */
function catalogueInputs(data: Data, site: SiteSeo) {
  const { categories, subcategories, series, episodes, crumbs } = catalogueIndex(data)
  return {
    category(id: string, path: string, pageNumber: number): PageSeoInput {
      const category = categories.get(id)!
      const ofPage = pageNumber > 1 ? ` (page ${pageNumber})` : ""
      const description = bestDescription([category.pageSubTitle, category.shortDesc, category.descriptionText])
      return {
        path,
        ...entityPage(site, "category", id, category),
        title: category.title && `${category.title}${ofPage}`,
        // Later pages of a grid say which page they are, so no two pages share a description.
        description: description && pageNumber > 1 ? `Page ${pageNumber}: ${description}` : description,
        breadcrumbs: crumbs.category(id),
        updatedAt: updatedWith(category, category.subcategories),
      }
    },
    subcategory(id: string, path: string): PageSeoInput {
      const subcategory = subcategories.get(id)!
      const description = bestDescription([subcategory.shortDesc, subcategory.descriptionText])
      return {
        path,
        ...entityPage(site, "subcategory", id, subcategory),
        description,
        breadcrumbs: crumbs.subcategory(id),
        updatedAt: updatedWith(subcategory, subcategory.series),
      }
    },
    series(id: string, path: string): PageSeoInput {
      const one = series.get(id)!
      return { path, ...entityPage(site, "series", id, one), description: one.descriptionText, breadcrumbs: crumbs.series(id), updatedAt: updatedWith(one, one.episodes) }
    },
    episode(id: string, path: string): PageSeoInput {
      const episode = episodes.get(id)!
      return {
        path,
        ...entityPage(site, "episode", id, episode),
        description: episode.descriptionText,
        breadcrumbs: crumbs.episode(episode),
        video: {
          embedUrl: episode.playerEmbedUrl,
          durationSeconds: episode.videoDurationSeconds,
          releaseTime: episode.videoReleaseTime,
          pictureUrl: episode.videoPictureUrl,
          chapters: episode.chapters,
          transcript: transcriptText(orderTranscripts(episode.transcripts, PAGE_LANGUAGE)[0]),
        },
        updatedAt: episode.updatedAt,
      }
    },
  }
}

/** Every catalogue page's head, decided once from the page query and the site-wide values; the report rows kept. */
export function catalogueSeo(data: Data, site: SiteSeo): CatalogueSeo {
  const rows = new Map<string, SeoReportPage>()
  const resolve = (input: PageSeoInput): PageHead => {
    const { head, report } = resolvePageSeo(input, site)
    rows.set(input.path, report)
    return head
  }
  const inputs = catalogueInputs(data, site)
  const everything = [...data.allCatalogueCategory.nodes, ...data.allCatalogueSubcategory.nodes, ...data.allCatalogueSeries.nodes, ...data.allCatalogueEpisode.nodes]
  return {
    newestChange: latest(everything.map((node) => node.updatedAt)),
    category: (id, pagePath, pageNumber) => resolve(inputs.category(id, pagePath, pageNumber)),
    subcategory: (id, pagePath) => resolve(inputs.subcategory(id, pagePath)),
    series: (id, pagePath) => resolve(inputs.series(id, pagePath)),
    episode: (id, pagePath) => resolve(inputs.episode(id, pagePath)),
    fixed: resolve,
    row: (path) => rows.get(path),
    reportRows() {
      const all = [...rows.values()].sort((a, b) => byPath.compare(a.path, b.path))
      for (const row of all) row.warnings = row.warnings.filter((warning) => !warning.startsWith("the same "))
      warnDuplicates(all)
      return all
    },
  }
}
