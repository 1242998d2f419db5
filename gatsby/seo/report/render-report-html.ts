import { html, raw, type Fragment, type Markup } from "../../../node-kit/http/html"
import type { SeoReport, SeoReportPage, ValueSource } from "./report-types"
import { INDEXING_OFF_MESSAGE, isIndexable, orderForReading, statusOf, summariseReport, type PageStatus, type SeoReportSummary } from "./summarise-report"

/**
 * The SEO report as one self-contained HTML page (reports/seo/index.html):
 * previews in the manner of Yoast SEO, one card per page, pages with errors
 * first, then pages with warnings, then the rest.
 *
 * Everything in the report came from the CMS and is treated as hostile: all
 * markup is built with the kit's `html` template (node-kit/http/html.ts), which
 * escapes every value unless it is already Markup, and only http(s)
 * addresses become links or pictures. The page has no script at all (filtering is CSS), and its CSP
 * forbids scripts, so even a slip in escaping could not run code.
 */

/** Search engines cut titles at about 600 px, which is about 60 characters, and descriptions at about 160. */
export const TITLE_PREVIEW_LENGTH = 60
export const DESCRIPTION_PREVIEW_LENGTH = 160

/**
 * The address if it is http(s), else null. Parsing (rather than looking at the
 * start) also rejects " javascript:", "JaVaScRiPt:" and relative paths.
 */
export function httpUrl(value: string): string | null {
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null
  } catch {
    return null
  }
}

const linkOrText = (address: string, text: string = address): Markup => {
  const href = httpUrl(address)
  return href ? html`<a href="${href}">${text}</a>` : html`<span class="unlinked">${text}</span>`
}

// ------------------------------------------------------------- text helpers

/** Code points, not UTF-16 units: an emoji is one character to a reader and to a search engine. */
export const characterCount = (text: string): number => Array.from(text).length

/**
 * What a search result shows of a long title or description: cut before the
 * limit, at a word boundary when one is near, with "…" as engines do.
 */
export function truncateForSnippet(text: string, limit: number): string {
  const characters = Array.from(text.replace(/\s+/g, " ").trim())
  if (characters.length <= limit) return characters.join("")
  const cut = characters.slice(0, limit - 1).join("")
  const lastSpace = cut.lastIndexOf(" ")
  // A word boundary far back would throw away much of the text; one long word is cut where it stands.
  const atWord = lastSpace >= limit * 0.6 ? cut.slice(0, lastSpace) : cut
  return `${atWord.replace(/[\s,;:.|–—-]+$/u, "")}…`
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`

/** Minutes in UTC: the report is read in several time zones, and a build is not timed to the second. */
function readableTime(iso: string): string {
  const time = new Date(iso)
  return Number.isNaN(time.getTime()) ? iso : `${time.toISOString().slice(0, 16).replace("T", " ")} UTC`
}

/** "example.com › series › 12", as Google shows an address; the raw value when it is no address. */
function breadcrumbOf(address: string): string {
  const href = httpUrl(address)
  if (!href) return address
  const url = new URL(href)
  const segments = url.pathname.split("/").filter(Boolean).map(decodeSegment)
  return [url.origin, ...segments].join(" › ")
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The host in capitals, as Facebook and LinkedIn print it under the picture. */
function domainOf(...addresses: string[]): string {
  for (const address of addresses) {
    const href = httpUrl(address)
    if (href) return new URL(href).hostname.toUpperCase()
  }
  return ""
}

const anchorOf = (index: number) => `page-${index + 1}`

// ------------------------------------------------------------------ header

function renderHeader(report: SeoReport): Markup {
  const time = new Date(report.generatedAt)
  const datetime = Number.isNaN(time.getTime()) ? "" : time.toISOString()
  return html`<header class="site-head">
  <h1>SEO report: ${report.siteName}</h1>
  <p class="site-meta">${linkOrText(report.siteUrl)} · generated <time datetime="${datetime}">${readableTime(report.generatedAt)}</time></p>
  ${report.allowIndexing ? "" : html`<p class="banner" id="indexing-off"><strong>${INDEXING_OFF_MESSAGE}</strong></p>`}
</header>`
}

// ----------------------------------------------------------------- summary

const figure = (label: string, value: number, tone: "" | "warning" | "error" = "") => html`<div class="figure ${tone}"><dt>${label}</dt><dd>${value}</dd></div>`

function renderFigures(summary: SeoReportSummary): Markup {
  return html`<dl class="figures">
    ${figure("Pages", summary.pages)}
    ${figure("Indexable pages", summary.indexablePages)}
    ${figure("Pages in the sitemap", summary.pagesInSitemap)}
    ${figure("Pages with warnings", summary.pagesWithWarnings, summary.pagesWithWarnings > 0 ? "warning" : "")}
    ${figure("Warnings", summary.warnings, summary.warnings > 0 ? "warning" : "")}
    ${figure("Pages with errors", summary.pagesWithErrors, summary.pagesWithErrors > 0 ? "error" : "")}
    ${figure("Errors", summary.errors, summary.errors > 0 ? "error" : "")}
  </dl>`
}

function renderKinds(summary: SeoReportSummary): Markup {
  const rows = Object.entries(summary.pagesByKind).map(([kind, count]) => html`<tr><th scope="row">${kind}</th><td>${count}</td></tr>`)
  return html`<table class="kinds">
    <caption>Pages per kind</caption>
    <thead><tr><th scope="col">Kind</th><th scope="col">Pages</th></tr></thead>
    <tbody>${rows}</tbody>
  </table>`
}

/** Links to the cards that need work, so a long report reads like a to-do list. */
function renderAttention(ordered: SeoReportPage[]): Markup {
  const items = ordered
    .map((page, index) => ({ page, index }))
    .filter(({ page }) => statusOf(page) !== "ok")
    .map(({ page, index }) => {
      const counts = [page.errors.length && plural(page.errors.length, "error"), page.warnings.length && plural(page.warnings.length, "warning")]
      return html`<li class="${statusOf(page)}"><a href="#${anchorOf(index)}">${page.path}</a>: ${counts.filter(Boolean).join(", ")}</li>`
    })
  if (items.length === 0) return html`<p class="all-clear">No page has warnings or errors.</p>`
  return html`<h3>Pages needing attention</h3><ol class="attention">${items}</ol>`
}

function renderSummary(summary: SeoReportSummary, ordered: SeoReportPage[]): Markup {
  return html`<section class="summary" aria-labelledby="summary-heading">
  <h2 id="summary-heading">Summary</h2>
  ${renderFigures(summary)}
  ${renderKinds(summary)}
  ${renderAttention(ordered)}
</section>`
}

// ---------------------------------------------------------------- previews

function renderSearchPreview(report: SeoReport, page: SeoReportPage): Markup {
  const description = page.description
    ? truncateForSnippet(page.description, DESCRIPTION_PREVIEW_LENGTH)
    : html`<span class="missing">No description: search engines pick text from the page.</span>`
  return html`<figure class="preview">
    <figcaption>Search result preview</figcaption>
    <div class="serp">
      <div class="serp-site">
        <span class="serp-icon" aria-hidden="true">${Array.from(report.siteName)[0] ?? ""}</span>
        <span class="serp-source"><span class="serp-name">${report.siteName}</span><span class="serp-url">${breadcrumbOf(page.canonical)}</span></span>
      </div>
      <p class="serp-title">${truncateForSnippet(page.title, TITLE_PREVIEW_LENGTH)}</p>
      <p class="serp-description">${description}</p>
    </div>
  </figure>`
}

function renderSocialPicture(report: SeoReport, page: SeoReportPage, sameSitePictures: boolean): Markup {
  const image = page.socialImage
  const href = image ? httpUrl(image.url) : null
  const site = httpUrl(report.siteUrl)
  const onSite = sameSitePictures && href && site && new URL(href).origin === new URL(site).origin
  const src = href && onSite ? `${new URL(href).pathname}${new URL(href).search}` : href
  if (image && src) return html`<img src="${src}" alt="${image.alt}" loading="lazy" referrerpolicy="no-referrer">`
  const reason = image ? "Social image not shown: its address is not http(s)" : "No social image"
  return html`<div class="social-placeholder"><span>${reason}</span></div>`
}

function renderSocialPreview(report: SeoReport, page: SeoReportPage, sameSitePictures: boolean): Markup {
  return html`<figure class="preview">
    <figcaption>Social card preview</figcaption>
    <div class="social-card">
      <div class="social-picture">${renderSocialPicture(report, page, sameSitePictures)}</div>
      <div class="social-text">
        <p class="social-domain">${domainOf(page.canonical, report.siteUrl)}</p>
        <p class="social-title">${page.title}</p>
        ${page.description ? html`<p class="social-description">${page.description}</p>` : ""}
      </div>
    </div>
  </figure>`
}

// ----------------------------------------------------------------- details

function lengthNote(text: string, limit: number): Markup {
  const length = characterCount(text)
  return length > limit ? html`<span class="length over">${length} characters; search results show about ${limit}</span>` : html`<span class="length">${length} characters</span>`
}

const row = (field: string, value: Fragment, source: ValueSource | null = null) =>
  html`<tr><th scope="row">${field}</th><td class="value">${value}</td><td class="source">${source}</td></tr>`

function socialImageValue(page: SeoReportPage): Fragment {
  const image = page.socialImage
  if (!image) return html`<span class="missing">none</span>`
  const alt = image.alt ? html`alt text “${image.alt}”` : html`<span class="missing">no alt text</span>`
  return html`${addressValue(image.url)} <span class="length">${image.width} × ${image.height}, ${alt}</span>`
}

/** An address that cannot be linked says why, or the reader would take it for a rendering slip. */
const addressValue = (address: string): Fragment =>
  httpUrl(address) ? linkOrText(address) : html`${linkOrText(address)} <span class="length over">not an http(s) address, so not linked</span>`

function renderDetails(page: SeoReportPage): Markup {
  const description = page.description ? html`${page.description} ${lengthNote(page.description, DESCRIPTION_PREVIEW_LENGTH)}` : html`<span class="missing">none</span>`
  const types = page.structuredData.length > 0 ? page.structuredData.join(", ") : html`<span class="missing">none</span>`
  return html`<table class="details">
    <caption>Values of ${page.path} and where they came from</caption>
    <thead><tr><th scope="col">Field</th><th scope="col">Value</th><th scope="col">Came from</th></tr></thead>
    <tbody>
      ${row("Title", html`${page.title} ${lengthNote(page.title, TITLE_PREVIEW_LENGTH)}`, page.sources.title)}
      ${row("Description", description, page.sources.description)}
      ${row("Social image", socialImageValue(page), page.sources.image)}
      ${row("Canonical", addressValue(page.canonical), page.sources.canonical)}
      ${row("Robots", page.robots, page.sources.robots)}
      ${row("In sitemap", page.inSitemap ? "yes" : "no")}
      ${row("Structured data", types)}
    </tbody>
  </table>`
}

// ------------------------------------------------------------------- pages

/** Words as well as colour, so the state reads the same to a screen reader and in greyscale print. */
const STATUS_LABEL: Record<PageStatus, string> = { error: "Errors", warning: "Warnings", ok: "OK" }

function renderProblems(page: SeoReportPage): Markup {
  if (statusOf(page) === "ok") return html`<p class="all-clear">No warnings or errors.</p>`
  return html`<ul class="problems" aria-label="Errors and warnings">
    ${page.errors.map((message) => html`<li class="error"><strong>Error:</strong> ${message}</li>`)}
    ${page.warnings.map((message) => html`<li class="warning"><strong>Warning:</strong> ${message}</li>`)}
  </ul>`
}

/**
 * `sameSitePictures`: a picture on the report's own site is drawn from its path, not its address: the
 * preview site's cards are served from another origin than SITE_URL, and its CSP lets in its own pictures.
 */
function renderCard(report: SeoReport, page: SeoReportPage, id: string, sameSitePictures = false): Markup {
  const status = statusOf(page)
  const indexing = isIndexable(report, page) ? "indexable" : "not indexed"
  return html`<article class="page ${status}" id="${id}" data-status="${status}" aria-labelledby="${id}-heading">
  <header class="page-head">
    <h3 id="${id}-heading">${linkOrText(page.canonical, page.path)}</h3>
    <p class="page-meta"><span class="badge ${status}">${STATUS_LABEL[status]}</span> <span class="kind">${page.kind}</span>${page.entity ? html` · <span class="entity">${page.entity}</span>` : ""} · ${indexing}</p>
  </header>
  ${renderProblems(page)}
  <div class="previews">
    ${renderSearchPreview(report, page)}
    ${renderSocialPreview(report, page, sameSitePictures)}
  </div>
  ${renderDetails(page)}
</article>`
}

function renderPages(report: SeoReport, ordered: SeoReportPage[]): Markup {
  const count = (status: PageStatus) => ordered.filter((page) => statusOf(page) === status).length
  const errors = count("error")
  const problems = errors + count("warning")
  return html`<section class="pages" aria-labelledby="pages-heading">
  <h2 id="pages-heading">Pages</h2>
  <p>Pages with errors come first, then pages with warnings, then the rest; within each group, in the order the build made them.</p>
  <fieldset class="filter">
    <legend>Show</legend>
    <input type="radio" name="show" id="show-all" checked><label for="show-all">All pages (${ordered.length})</label>
    <input type="radio" name="show" id="show-problems"><label for="show-problems">With errors or warnings (${problems})</label>
    <input type="radio" name="show" id="show-errors"><label for="show-errors">With errors (${errors})</label>
  </fieldset>
  ${ordered.map((page, index) => renderCard(report, page, anchorOf(index)))}
</section>`
}

// -------------------------------------------------------------------- page

/**
 * Filtering is radio buttons and :has(), so it works with JavaScript off;
 * browsers without :has() hide the buttons and show every page.
 */
export const SEO_REPORT_STYLE = `
:root { color-scheme: light; --ink: #1f1f1f; --muted: #4d5156; --line: #c9ced6; --link: #0b57d0;
  --error: #8c1d18; --error-bg: #fdeceb; --error-edge: #b3261e; --warning: #5c3d00; --warning-bg: #fff4d6; --warning-edge: #8a5a00; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: var(--ink); background: #f4f5f7; }
main { max-width: 72rem; margin: 0 auto; padding: 1.5rem 1rem 4rem; }
a { color: var(--link); }
h1 { margin: 0 0 .25rem; font-size: 1.75rem; }
h2 { margin: 2rem 0 .75rem; font-size: 1.4rem; }
h3 { margin: 0; font-size: 1.15rem; overflow-wrap: anywhere; }
.site-meta { margin: 0; color: var(--muted); overflow-wrap: anywhere; }
.banner { margin: 1rem 0 0; padding: 1rem 1.25rem; background: var(--error-edge); color: #fff; font-size: 1.2rem; border-radius: 6px; }
.figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr)); gap: .75rem; margin: 0; }
.figure { padding: .75rem 1rem; background: #fff; border: 1px solid var(--line); border-radius: 6px; }
.figure dt { color: var(--muted); font-size: .9rem; }
.figure dd { margin: 0; font-size: 1.75rem; font-weight: 700; }
.figure.warning { border-left: 6px solid var(--warning-edge); }
.figure.error { border-left: 6px solid var(--error-edge); }
table { border-collapse: collapse; background: #fff; }
caption { text-align: left; font-weight: 600; padding: .5rem 0; }
th, td { text-align: left; vertical-align: top; padding: .4rem .75rem; border: 1px solid var(--line); }
.kinds { margin-top: 1rem; }
.attention li, .problems li { margin: .25rem 0; overflow-wrap: anywhere; }
.all-clear { color: #1e5b2a; }
.filter { display: flex; flex-wrap: wrap; gap: .25rem 1rem; align-items: center; border: 1px solid var(--line); border-radius: 6px; margin: 0 0 1rem; background: #fff; }
.filter label { margin-left: .25rem; }
body:has(#show-problems:checked) .page[data-status="ok"],
body:has(#show-errors:checked) .page:not([data-status="error"]) { display: none; }
@supports not selector(:has(*)) { .filter { display: none; } }
.page { margin: 0 0 1.25rem; padding: 1rem 1.25rem; background: #fff; border: 1px solid var(--line); border-left: 6px solid #2e7d32; border-radius: 6px; }
.page.warning { border-left-color: var(--warning-edge); }
.page.error { border-left-color: var(--error-edge); }
.page-meta { margin: .25rem 0 .75rem; color: var(--muted); }
.badge { display: inline-block; padding: 0 .5rem; border-radius: 999px; font-size: .85rem; font-weight: 700; background: #e3f1e4; color: #1e5b2a; }
.badge.warning { background: var(--warning-bg); color: var(--warning); }
.badge.error { background: var(--error-bg); color: var(--error); }
.problems { list-style: none; margin: 0 0 1rem; padding: 0; }
.problems li { padding: .4rem .75rem; border-radius: 4px; }
.problems li.error { background: var(--error-bg); color: var(--error); border-left: 4px solid var(--error-edge); }
.problems li.warning { background: var(--warning-bg); color: var(--warning); border-left: 4px solid var(--warning-edge); }
.attention li.error { color: var(--error); }
.attention li.warning { color: var(--warning); }
.previews { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 1.25rem; margin-bottom: 1rem; }
.preview { margin: 0; }
.preview figcaption { font-size: .85rem; font-weight: 600; color: var(--muted); margin-bottom: .35rem; }
.serp { max-width: 600px; padding: .75rem 1rem; border: 1px solid #dadce0; border-radius: 8px; font-family: Arial, sans-serif; background: #fff; }
.serp-site { display: flex; align-items: center; gap: .6rem; }
.serp-icon { flex: none; display: grid; place-items: center; width: 28px; height: 28px; border-radius: 50%; background: #e8eaed; color: #202124; font-size: .8rem; }
.serp-source { display: flex; flex-direction: column; min-width: 0; line-height: 1.3; }
.serp-name { color: #202124; font-size: 14px; }
.serp-url { color: var(--muted); font-size: 12px; overflow-wrap: anywhere; }
.serp-title { margin: .4rem 0 .2rem; color: #1a0dab; font-size: 20px; line-height: 1.3; overflow-wrap: anywhere; }
.serp-description { margin: 0; color: var(--muted); font-size: 14px; line-height: 1.58; overflow-wrap: anywhere; }
.social-card { max-width: 500px; border: 1px solid #dadde1; background: #f0f2f5; font-family: Helvetica, Arial, sans-serif; }
.social-picture { aspect-ratio: 1.91 / 1; background: #e4e6eb; overflow: hidden; }
.social-picture img { display: block; width: 100%; height: 100%; object-fit: cover; }
.social-placeholder { display: grid; place-items: center; height: 100%; padding: 1rem; text-align: center; color: #3a3b3c; font-weight: 600;
  background: repeating-linear-gradient(45deg, #e4e6eb 0 12px, #d8dadf 12px 24px); }
.social-text { padding: .6rem .75rem; }
.social-text p { margin: 0; overflow-wrap: anywhere; }
.social-domain { color: #565a60; font-size: 12px; letter-spacing: .02em; }
.social-title { color: #1d2129; font-weight: 700; font-size: 16px; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.social-description { color: #565a60; font-size: 14px; display: -webkit-box; -webkit-line-clamp: 1; -webkit-box-orient: vertical; overflow: hidden; }
.details { width: 100%; }
.details caption { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.details th[scope="row"] { width: 10rem; }
.details .value { overflow-wrap: anywhere; }
.details .source { width: 10rem; color: var(--muted); }
.length { display: block; color: var(--muted); font-size: .85rem; }
.length.over { color: var(--warning); font-weight: 600; }
.missing { color: var(--muted); font-style: italic; }
.unlinked { overflow-wrap: anywhere; }
@media print { .filter { display: none; } .page { break-inside: avoid; } }
`

/**
 * The page may load pictures from anywhere (the social images) and nothing
 * else: no scripts, no styles but its own, no frames, no form submissions.
 */
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src http: https:; form-action 'none'; base-uri 'none'"

export function renderSeoReportHtml(report: SeoReport): string {
  const summary = summariseReport(report)
  const ordered = orderForReading(report.pages)
  return `<!DOCTYPE html>
${
  html`<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>SEO report: ${report.siteName}</title>
<style>${raw(SEO_REPORT_STYLE)}</style>
</head>
<body>
<main>
${renderHeader(report)}
${renderSummary(summary, ordered)}
${renderPages(report, ordered)}
</main>
</body>
</html>`.text
}
`
}

/**
 * One page's card as a page of its own: the preview site's "SEO card" of a
 * page (gatsby/preview/write-seo-cards.ts). The style sheet is a file beside
 * it, so the site's CSP (style-src 'self') lets it in.
 */
export function renderSeoCardPage(report: SeoReport, page: SeoReportPage, links: { styleSheet: string; page: string }): string {
  return `<!DOCTYPE html>
${
  html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>SEO card: ${page.path}</title>
<link rel="stylesheet" href="${links.styleSheet}">
</head>
<body>
<main>
<h1>SEO card: ${page.path}</h1>
<p class="site-meta">How this page shows as a search result and as a shared link, from this preview build. <a href="${links.page}">Back to the page</a></p>
<p>The preview itself is never indexed (its server says noindex on every answer); the title, description, picture and robots here are the ones the page goes live with.</p>
${renderCard(report, page, "card", true)}
</main>
</body>
</html>`.text
}
`
}
