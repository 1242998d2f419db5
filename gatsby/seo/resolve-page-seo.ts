import type { Thing, WithContext } from "schema-dts"
import { htmlToText } from "../../contract/html-text/html-to-text"
import type { PageHead, SocialImage } from "../../src/seo/page-head"
import type { PageKind, SeoReportPage, ValueSource } from "./report/report-types"
import { breadcrumbList, organization, structuredDataTypes, videoObject, webSite } from "./structured-data"

// Decides every page's head once, at page creation (gatsby-node.ts), from the
// catalogue's SEO fields over the site settings over built-in defaults, and
// says where each value came from and what is wrong with it. Node only: it
// reads HTML with htmlparser2; pages receive only the finished PageHead.

/** Search results show about this many characters of a title (Yoast's and Google's cut). */
export const TITLE_MAX = 60
/** A meta description shorter than this says too little; longer is cut in results. */
export const DESCRIPTION_MIN = 70
export const DESCRIPTION_MAX = 160
/** Longer descriptions are cut here: nothing reads 5 000 characters of a meta tag. */
export const DESCRIPTION_HARD_MAX = 320

/** The site-wide values every page falls back to, with where each came from. */
export interface SiteSeo {
  /** Absolute, without a trailing slash. */
  siteUrl: string
  siteName: string
  siteNameSource: ValueSource
  /** Has exactly one `%s`. */
  titleTemplate: string
  titleTemplateSource: ValueSource
  defaultDescription: string
  defaultDescriptionSource: ValueSource
  defaultImage: SocialImage | null
  defaultImageSource: ValueSource
  twitterSite: string | null
  organization: { name: string; logoUrl: string | null; sameAs: string[] }
  allowIndexing: boolean
  /** Problems with the settings themselves, reported once on the home page's row. */
  warnings: string[]
}

/** An entity's own SEO fields, as sourced (CatalogueSeo). */
export interface EntitySeoFields {
  title: string | null
  description: string | null
  image: SocialImage | null
  /** The image path the CMS named: set while `image` is null means it could not be used. */
  imageRequested: string | null
  canonicalUrl: string | null
  noindex: boolean
}

export interface PageSeoInput {
  /** The page's own path, trailing slash included, e.g. "/series/12/". */
  path: string
  kind: PageKind
  /** E.g. "series 12 (Core Strength)"; null for fixed pages. */
  entity: string | null
  /** The page's own title (the entity's title); null: the site name stands alone. */
  title: string | null
  /** The page's own description, plain text. */
  description: string | null
  seo: EntitySeoFields | null
  /** The entity's own picture at social size. */
  image: SocialImage | null
  /** From the home page down to this one, names and paths. */
  breadcrumbs: { name: string; path: string }[]
  /** On episode pages: what VideoObject needs beyond the page's own text. */
  video?: {
    embedUrl: string | null
    durationSeconds: number | null
    releaseTime: string | null
    pictureUrl: string | null
    /** The host's chapters (key moments); none when absent. */
    chapters?: readonly { start: number; end: number; title: string }[]
    /** The transcript in the page's language, plain text. */
    transcript?: string | null
  }
  /** When the page's content last changed, ISO 8601. */
  updatedAt: string | null
  /** Listed in the sitemap when indexable: content pages are, fixed pages are not. */
  listable: boolean
  /** The address canonical names: the page's own path unless given (search names its bare page); null for none. */
  canonicalPath?: string | null
}

export interface ResolvedPageSeo {
  head: PageHead
  report: SeoReportPage
}

/** An absolute http(s) URL, as the URL parser reads it: the one test of a link the site hands out. */
export const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:"
  } catch {
    return false
  }
}

const HAS_MARKUP = /<\/?[a-z!][^>]*>/i

/**
 * A CMS text as plain text for a tag: markup removed (with a warning, naming
 * the field), control characters and runs of white space collapsed. Null when
 * nothing is left.
 */
export function cleanText(value: string | null | undefined, field: string, warnings: string[]): string | null {
  if (typeof value !== "string") return null
  let text = value
  if (HAS_MARKUP.test(text)) {
    text = htmlToText(text) ?? ""
    warnings.push(`${field} contains HTML markup, which was removed: search results show plain text`)
  }
  text = text
    // eslint-disable-next-line no-control-regex -- control characters become spaces
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
  return text || null
}

/** Cuts at a word boundary with an ellipsis, for the over-long. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(" ")
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** The page path as an absolute URL on the site. */
export const absoluteUrl = (siteUrl: string, path: string) => `${siteUrl}${path.startsWith("/") ? path : `/${path}`}`

/** What the page's checks found: warnings to report, errors that stop the build. */
interface Findings {
  warnings: string[]
  errors: string[]
}

/** Title: seo.title → the page's own title → the site name alone. */
function resolveTitle(page: PageSeoInput, site: SiteSeo, { warnings, errors }: Findings) {
  const seoTitle = cleanText(page.seo?.title, "seo.title", warnings)
  const ownTitle = cleanText(page.title, "title", warnings)
  const pageTitle = seoTitle ?? ownTitle
  // A function replacement: `$&`, `$$` or `$'` in a CMS title are text, not replacement patterns.
  const title = pageTitle ? site.titleTemplate.replace("%s", () => pageTitle) : site.siteName
  const source: ValueSource = seoTitle ? "entity SEO field" : ownTitle ? "entity text" : site.siteNameSource
  if (!title.trim()) errors.push("has no title: seo.title, the entity's title and the site name are all empty")
  if (title.length > TITLE_MAX) {
    warnings.push(`title is ${title.length} characters ("${cutAtWord(title, 40)}"); search results show about ${TITLE_MAX}`)
  }
  return { title, pageTitle, source }
}

/** Description: seo.description → the page's own text → the site's default; cut when far too long. */
function resolveDescription(page: PageSeoInput, site: SiteSeo, { warnings }: Findings) {
  const seoDescription = cleanText(page.seo?.description, "seo.description", warnings)
  const ownDescription = cleanText(page.description, "description", warnings)
  let description = seoDescription ?? ownDescription ?? site.defaultDescription
  const source: ValueSource = seoDescription ? "entity SEO field" : ownDescription ? "entity text" : site.defaultDescriptionSource
  if (description.length > DESCRIPTION_HARD_MAX) {
    warnings.push(`description is ${description.length} characters; it was cut to ${DESCRIPTION_HARD_MAX}`)
    description = cutAtWord(description, DESCRIPTION_HARD_MAX)
  } else if (description.length > DESCRIPTION_MAX) {
    warnings.push(`description is ${description.length} characters; search results cut it at about ${DESCRIPTION_MAX}`)
  } else if (description.length < DESCRIPTION_MIN) {
    warnings.push(`description is ${description.length} characters; ${DESCRIPTION_MIN}–${DESCRIPTION_MAX} tells searchers more`)
  }
  return { description, source }
}

/** Canonical: seo.canonical_url (absolute http(s) only) → the page's own address. */
function resolveCanonical(page: PageSeoInput, site: SiteSeo, { errors }: Findings) {
  const canonicalPath = page.canonicalPath === undefined ? page.path : page.canonicalPath
  let canonical: string | null = canonicalPath === null ? null : absoluteUrl(site.siteUrl, canonicalPath)
  let source: ValueSource = canonical ? "page address" : "none"
  const seoCanonical = page.seo?.canonicalUrl?.trim()
  if (seoCanonical) {
    if (isHttpUrl(seoCanonical)) {
      canonical = seoCanonical
      source = "entity SEO field"
    } else {
      errors.push(`seo.canonical_url ${JSON.stringify(cutAtWord(seoCanonical, 80))} is not an absolute http(s) URL`)
    }
  }
  if (canonical && !isHttpUrl(canonical)) errors.push(`canonical ${JSON.stringify(canonical)} is not an absolute http(s) URL (check SITE_URL)`)
  return { canonical, source }
}

/** Social image: seo.image → the entity's picture → the site's default. */
function resolveImage(page: PageSeoInput, site: SiteSeo, pageTitle: string | null, { warnings, errors }: Findings) {
  const seo = page.seo
  if (seo?.imageRequested && !seo.image) {
    warnings.push(`seo.image ${JSON.stringify(seo.imageRequested)} could not be used (see the build log); a fallback is shown`)
  }
  const seoImage = seo?.image ? { ...seo.image, alt: cleanText(seo.image.alt, "seo.image.alt", warnings) ?? pageTitle ?? site.siteName } : null
  const image = seoImage ?? page.image ?? site.defaultImage
  const source: ValueSource = seoImage ? "entity SEO field" : page.image ? "entity picture" : image ? site.defaultImageSource : "none"
  if (!image) warnings.push("has no social image: links shared to social networks show no picture")
  if (image && !isHttpUrl(image.url)) errors.push(`social image ${JSON.stringify(image.url)} is not an absolute http(s) URL (check SITE_URL)`)
  return { image, source }
}

/** Structured data: what the page is about (the site, an episode's video), and where it sits. */
function pageStructuredData(
  page: PageSeoInput,
  site: SiteSeo,
  decided: { pageTitle: string | null; description: string; image: SocialImage | null },
  { errors }: Findings,
): WithContext<Thing>[] {
  const structuredData: WithContext<Thing>[] = []
  if (page.kind === "home") {
    structuredData.push(webSite(site.siteName, absoluteUrl(site.siteUrl, "/")))
    structuredData.push(organization(site.organization.name, absoluteUrl(site.siteUrl, "/"), site.organization.logoUrl, site.organization.sameAs))
  }
  if (page.kind === "episode" && page.video) {
    const thumbnails = [decided.image?.url, page.video.pictureUrl].filter((url): url is string => !!url && isHttpUrl(url))
    const uploadDate = page.video.releaseTime ?? page.updatedAt
    const missing = [!decided.pageTitle && "name", !thumbnails.length && "thumbnailUrl", !uploadDate && "uploadDate"].filter(Boolean)
    if (missing.length) {
      errors.push(`VideoObject lacks ${missing.join(", ")}: video search needs the episode's title, a picture and a release or update date`)
    } else {
      structuredData.push(
        videoObject({
          name: decided.pageTitle!,
          description: decided.description,
          thumbnailUrls: thumbnails,
          uploadDate: uploadDate!,
          durationSeconds: page.video.durationSeconds,
          embedUrl: page.video.embedUrl,
          pageUrl: absoluteUrl(site.siteUrl, page.path),
          chapters: page.video.chapters,
          transcript: page.video.transcript,
        }),
      )
    }
  }
  if (page.breadcrumbs.length > 1) {
    structuredData.push(breadcrumbList(page.breadcrumbs.map((crumb) => ({ name: crumb.name, url: absoluteUrl(site.siteUrl, crumb.path) }))))
  }
  return structuredData
}

/**
 * A page's head, each value from the page's own SEO fields over its entity
 * over the site-wide ones, with its report row: where each value came from,
 * and what is wrong (warnings to fix, errors that must not go live).
 */
export function resolvePageSeo(page: PageSeoInput, site: SiteSeo): ResolvedPageSeo {
  const findings: Findings = { warnings: [], errors: [] }
  const { warnings, errors } = findings
  const { title, pageTitle, source: titleSource } = resolveTitle(page, site, findings)
  const { description, source: descriptionSource } = resolveDescription(page, site, findings)
  const { canonical, source: canonicalSource } = resolveCanonical(page, site, findings)
  // Robots: the site switch wins; then the entity's own flag.
  const noindex = !site.allowIndexing || page.seo?.noindex === true
  const robotsSource: ValueSource = !site.allowIndexing ? "site settings" : page.seo?.noindex ? "entity SEO field" : "built-in default"
  const { image, source: imageSource } = resolveImage(page, site, pageTitle, findings)
  const structuredData = pageStructuredData(page, site, { pageTitle, description, image }, findings)
  if (page.kind === "home") warnings.push(...site.warnings)

  const head: PageHead = {
    title,
    description,
    canonical,
    noindex,
    ogType: page.kind === "episode" ? "video.episode" : "website",
    siteName: site.siteName,
    image,
    twitterSite: site.twitterSite,
    structuredData,
    breadcrumbs: page.breadcrumbs.length > 1 ? page.breadcrumbs : [],
    sitemap: { listed: page.listable && !noindex, lastmod: page.updatedAt },
  }
  const report: SeoReportPage = {
    path: page.path,
    kind: page.kind,
    entity: page.entity,
    title,
    description,
    canonical: canonical ?? "",
    robots: noindex ? "noindex" : "index, follow",
    inSitemap: head.sitemap.listed,
    structuredData: structuredDataTypes(structuredData),
    socialImage: image,
    sources: { title: titleSource, description: descriptionSource, image: imageSource, canonical: canonicalSource, robots: robotsSource },
    warnings,
    errors,
  }
  return { head, report }
}

/**
 * Warnings that only the whole site shows: the same title or description on
 * several pages makes them compete in search results. Adds one warning to
 * each page concerned, naming the others (up to three).
 */
export function warnDuplicates(pages: SeoReportPage[]): void {
  for (const field of ["title", "description"] as const) {
    const byValue = new Map<string, SeoReportPage[]>()
    for (const page of pages) {
      const value = page[field]
      // Pages search engines are told to skip do not compete.
      if (!value || page.robots === "noindex" || page.kind === "not-found") continue
      byValue.set(value, [...(byValue.get(value) ?? []), page])
    }
    for (const same of byValue.values()) {
      if (same.length < 2) continue
      for (const page of same) {
        const others = same.filter((other) => other !== page).map((other) => other.path)
        const named = others.slice(0, 3).join(", ") + (others.length > 3 ? ` and ${others.length - 3} more` : "")
        page.warnings.push(`the same ${field} is on ${named}`)
      }
    }
  }
}
