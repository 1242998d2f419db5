import TurndownService from "turndown"

/**
 * Strapi's rich text is Markdown, and the catalogue's endpoints render it to
 * HTML with marked. Options chosen so that the sample's descriptions come
 * back as the same HTML (paragraphs, lists, strong and em).
 */
const turndown = new TurndownService({ headingStyle: "atx", bulletListMarker: "-", codeBlockStyle: "fenced", emDelimiter: "*" })

/** An HTML description as the Markdown an editor would have typed; null stays null. */
export function htmlToMarkdown(html: string | null | undefined): string | null {
  if (html === null || html === undefined || html.trim() === "") return null
  return turndown.turndown(html)
}
