import { marked } from "marked"

/**
 * An editor's Markdown (Strapi's rich text) as the HTML the contract's
 * `description` is. HTML written inside the Markdown passes through: the
 * site sanitises every description before it renders one. Empty text is null.
 */
export function markdownToHtml(markdown: string | null | undefined): string | null {
  if (markdown === null || markdown === undefined || markdown.trim() === "") return null
  return (marked.parse(markdown, { async: false, gfm: true }) as string).trim()
}
