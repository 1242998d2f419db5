// What "the plain text of a description" means, for both readings of it:
// htmlparser2 on the server and at build time (html-to-text.ts), the
// browser's own parser for live search answers (html-to-text-dom.ts). Two
// parsers because htmlparser2 and its entity tables cost 57 KB gzip in a page
// whose browser already has a parser; one rule so they give the same text.

/** Elements that end a run of text: their boundaries become a space, inline ones join their words. */
export const BLOCK_ELEMENTS: ReadonlySet<string> = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "br",
  "dd",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "td",
  "th",
  "tr",
  "ul",
])

/** Elements whose content is never text a reader sees. */
export const HIDDEN_ELEMENTS: ReadonlySet<string> = new Set(["script", "style", "template", "noscript", "iframe", "object", "textarea", "title"])

/** One line of the collected text runs; null when nothing readable is left. */
export function joinTextRuns(runs: readonly string[]): string | null {
  const text = runs.join("").replace(/\s+/g, " ").trim()
  return text || null
}
