const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " }

/** Plain text of sanitised HTML, for card teasers and meta descriptions. */
export function textOf(html: string | null | undefined): string | null {
  if (!html) return null
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === "#") {
        const code = name[1]?.toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity
      }
      return ENTITIES[name.toLowerCase()] ?? entity
    })
    .replace(/\s+/g, " ")
    // Tags became spaces; punctuation right after a closing tag keeps to its word.
    .replace(/ ([.,;:!?])/g, "$1")
    .trim()
  return text || null
}
