import fs from "node:fs"
import { PREVIEW_CHANGES_FILE, SEO_CARDS_DIR, seoCardPath, type PreviewChanges } from "../../../../contract/preview/preview-changes"
import { html } from "../../../../node-kit/http/html"
import type { SiteFiles } from "../../../../node-kit/http/static-server"

/** The bar's style sheet: served by the preview server, so the pages' CSP (style-src 'self') lets it in without a hash. */
export const BAR_CSS_PATH = "/_preview/bar.css"

export const BAR_CSS = `.preview-bar { background: #262633; color: #fff; border-bottom: 2px solid #ff5a66; padding: .5rem 1rem; font: 500 .9rem/1.5 system-ui, sans-serif; }
.preview-bar__row { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; max-width: 80rem; margin: 0 auto; }
.preview-bar__label { padding: .1rem .6rem; border-radius: 999px; background: #ff5a66; color: #14060a; text-transform: uppercase; letter-spacing: .05em; }
.preview-bar a { color: #ffd1d5; text-decoration: underline; }
.preview-bar a:focus-visible, .preview-bar summary:focus-visible { outline: 3px solid #fff; outline-offset: 2px; }
.preview-bar details { flex-basis: 100%; }
.preview-bar summary { cursor: pointer; }
.preview-bar ul { margin: .25rem 0 0; padding-left: 1.5rem; }
.preview-bar__hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`

/** The changes a release's build left (PREVIEW_CHANGES_FILE), read once per file version. */
export function previewChangesReader(): (site: SiteFiles) => PreviewChanges | undefined {
  let cached: { key: string; changes: PreviewChanges | undefined } | undefined
  return (site) => {
    const file = site.fileOf(PREVIEW_CHANGES_FILE)
    if (!file) return undefined
    const stat = fs.statSync(file, { throwIfNoEntry: false })
    const key = `${file}:${stat?.size}:${stat?.mtimeMs}`
    if (cached?.key !== key) {
      let changes: PreviewChanges | undefined
      try {
        changes = JSON.parse(fs.readFileSync(file, "utf8")) as PreviewChanges
      } catch {
        changes = undefined
      }
      cached = { key, changes }
    }
    return cached.changes
  }
}

/** What the bar says of the changes: how many visitors do not see yet, or why the drafts are not shown. */
function summary(changes: PreviewChanges | undefined, count: number): string {
  if (!changes) return "This build left no list of its drafts."
  if (!changes.draftView) return `${changes.note ?? "This preview shows the published catalogue."} Drafts are not shown.`
  if (count === 0) return "No unpublished changes: this is what visitors see."
  return `${count} unpublished change${count === 1 ? "" : "s"}: visitors do not see ${count === 1 ? "it" : "them"} yet.`
}

/**
 * The preview bar (docs/reference/preview-lane.md): "Preview", how many
 * unpublished changes there are, each changed entity linked to its preview
 * page (a disclosure: no script), the same page on the live site, and the
 * page's SEO card (when the build left one). A complementary landmark named
 * "Preview", first in the page. The live page opens in a new tab: the live
 * site refuses to be framed, and the preview often is (a CMS's preview screen).
 */
export function renderBar(changes: PreviewChanges | undefined, page: { path: string; liveSiteUrl: string; seoCard: string | null }): string {
  const listed = changes?.draftView ? changes.changes : []
  const count = listed.length + (changes?.draftView && changes.siteSettings ? 1 : 0)
  const items = [
    ...(changes?.draftView && changes.siteSettings ? [html`<li>Site settings (titles, descriptions, share pictures)</li>`] : []),
    ...listed.map((change) => html`<li>${change.kind}: <a href="${change.path}">${change.title}</a></li>`),
  ]
  return html`<aside class="preview-bar" aria-label="Preview"><div class="preview-bar__row"><strong class="preview-bar__label">Preview</strong><span>${summary(changes, count)}</span><a href="${page.liveSiteUrl}${page.path}" target="_blank" rel="noopener">This page on the live site <span aria-hidden="true">↗</span><span class="preview-bar__hidden">(opens in a new tab)</span></a>${
    page.seoCard ? html`<a href="${page.seoCard}">This page's SEO card</a>` : ""
  }${count > 0 ? html`<details><summary>What changed (${count})</summary><ul>${items}</ul></details>` : ""}</div></aside>`.text
}

/** The page with the bar's style sheet at the end of its head (before its body when it has no head) and the bar first in its body. */
export function withBar(page: Buffer, bar: string): Buffer {
  const text = page.toString("utf8")
  const body = /<body[^>]*>/.exec(text)
  if (!body) return page
  const headEnd = text.indexOf("</head>")
  const sheetAt = headEnd !== -1 && headEnd < body.index ? headEnd : body.index
  const barAt = body.index + body[0].length
  return Buffer.from(`${text.slice(0, sheetAt)}<link rel="stylesheet" href="${BAR_CSS_PATH}">${text.slice(sheetAt, barAt)}${bar}${text.slice(barAt)}`)
}

/**
 * The page a request shows, and that page's SEO card when the release has
 * one: an SEO card's own page stands for the page it describes (its bar's
 * live link goes there, and it has no card of its own).
 */
export function pageOf(requestPath: string, site: SiteFiles): { path: string; seoCard: string | null } {
  const cards = `/${SEO_CARDS_DIR}/`
  if (requestPath.startsWith(cards)) return { path: `/${requestPath.slice(cards.length)}`, seoCard: null }
  const card = seoCardPath(requestPath)
  return { path: requestPath, seoCard: site.fileOf(`${card.slice(1)}index.html`) ? card : null }
}
