/**
 * What a preview build leaves for the preview server's bar
 * (docs/reference/preview-lane.md): written by gatsby/preview/write-preview-changes.ts
 * into the build's public/ (so each release holds its own), read by
 * publisher/src/http/preview/bar.ts. Never in a live build.
 */
export const PREVIEW_CHANGES_FILE = "_preview/changes.json"

export interface PreviewChanges {
  /** The build read the draft view; false when the catalogue refused it (a backend without drafts). */
  draftView: boolean
  /** Why the preview shows the published view; null when it shows the drafts. */
  note: string | null
  /** The site settings have a draft. */
  siteSettings: boolean
  /** Each entity whose draft differs from its published version, with its page's path. */
  changes: { kind: "Category" | "Subcategory" | "Series" | "Episode"; title: string; path: string }[]
}

/**
 * Where a preview build puts each page's SEO card (the search result and
 * link card the SEO report draws, gatsby/preview/write-seo-cards.ts), and
 * the style sheet they share: the bar links a page to its card.
 */
export const SEO_CARDS_DIR = "_preview/seo"
export const SEO_CARD_STYLE_SHEET = `/${SEO_CARDS_DIR}/card.css`

/** The card of the page at `pagePath` ("/series/12/" → "/_preview/seo/series/12/"); the card's file is its index.html. */
export const seoCardPath = (pagePath: string): string => `/${SEO_CARDS_DIR}/${pagePath.replace(/^\/+/, "")}`.replace(/\/?$/, "/")
