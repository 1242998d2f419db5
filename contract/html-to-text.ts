import { Parser } from "htmlparser2"

/** Elements that end a run of text: their boundaries become a space, inline ones join their words. */
const BLOCK_ELEMENTS = new Set([
  "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption", "figure", "footer",
  "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table",
  "td", "th", "tr", "ul",
])

/** Elements whose content is never text a reader sees. */
const HIDDEN_ELEMENTS = new Set(["script", "style", "template", "noscript", "iframe", "object", "textarea", "title"])

/**
 * Plain text of an HTML fragment (a `description` of API.md): one line, tags
 * dropped, entities decoded, whitespace collapsed. Read by a real HTML parser
 * (sanitize-html's own, htmlparser2), so comments, attributes holding `>` and
 * unknown entities come out as a browser would show them. Null when nothing
 * readable is left.
 */
export function htmlToText(html: string | null | undefined): string | null {
  if (!html) return null
  const parts: string[] = []
  let hiddenDepth = 0
  const parser = new Parser(
    {
      onopentagname(name) {
        if (HIDDEN_ELEMENTS.has(name)) hiddenDepth++
        if (BLOCK_ELEMENTS.has(name)) parts.push(" ")
      },
      onclosetag(name) {
        if (HIDDEN_ELEMENTS.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1)
        if (BLOCK_ELEMENTS.has(name)) parts.push(" ")
      },
      ontext(text) {
        if (hiddenDepth === 0) parts.push(text)
      },
    },
    { decodeEntities: true },
  )
  parser.write(html)
  parser.end()
  const text = parts.join("").replace(/\s+/g, " ").trim()
  return text || null
}
