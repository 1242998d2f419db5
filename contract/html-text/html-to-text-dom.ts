import { BLOCK_ELEMENTS, HIDDEN_ELEMENTS, joinTextRuns } from "./html-text-rules"

/**
 * `htmlToText` for the browser: the same rule, read by the browser's own HTML
 * parser. `DOMParser` makes an inert document: no script in it runs and no
 * image in it loads, so hostile markup from a live answer is only ever text.
 */
export function htmlToTextInBrowser(html: string | null | undefined): string | null {
  if (!html) return null
  const runs: string[] = []
  const read = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) runs.push((child as Text).data)
      if (child.nodeType !== Node.ELEMENT_NODE) continue
      const name = (child as Element).localName
      if (HIDDEN_ELEMENTS.has(name)) continue
      const block = BLOCK_ELEMENTS.has(name)
      if (block) runs.push(" ")
      read(child)
      if (block) runs.push(" ")
    }
  }
  read(new DOMParser().parseFromString(html, "text/html").body)
  return joinTextRuns(runs)
}
