import { Parser } from "htmlparser2"
import { BLOCK_ELEMENTS, HIDDEN_ELEMENTS, joinTextRuns } from "./html-text-rules"

/**
 * Plain text of an HTML fragment (a `description` of catalogue-api.md): one line, tags
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
        if (BLOCK_ELEMENTS.has(name) && hiddenDepth === 0) parts.push(" ")
      },
      onclosetag(name) {
        if (HIDDEN_ELEMENTS.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1)
        if (BLOCK_ELEMENTS.has(name) && hiddenDepth === 0) parts.push(" ")
      },
      ontext(text) {
        if (hiddenDepth === 0) parts.push(text)
      },
    },
    { decodeEntities: true },
  )
  parser.write(html)
  parser.end()
  return joinTextRuns(parts)
}
