// Search as the reference server's (cms/src/catalogue/search.ts, SQLite FTS5
// with `unicode61 remove_diacritics 2`): letters and digits make words,
// case and diacritics aside, and each word of the query matches the
// beginning of a word of the text.

/** At most this many words of a query count, each at most this long: the rest is noise, not a search. */
export const MAX_WORDS = 16
export const MAX_WORD_LENGTH = 64

const WORD = /[\p{L}\p{N}]+/gu

/** Text without case or diacritics: "Crème BRÛLÉE" reads as "creme brulee". */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
}

/** The words a query asks for, folded; none for a query without letters or digits. */
export function queryWords(query: string): string[] {
  return (fold(query).match(WORD) ?? []).slice(0, MAX_WORDS).map((word) => word.slice(0, MAX_WORD_LENGTH))
}

/** The words of a text, folded: a Markdown link's address and HTML tags are not the text. */
export function textWords(text: string | null | undefined): string[] {
  if (!text) return []
  const visible = text.replace(/<[^>]*>/g, " ").replace(/\]\([^)]*\)/g, "] ")
  return fold(visible).match(WORD) ?? []
}

/** Whether some word of `words` begins with `query`. */
export function hasWordStarting(words: readonly string[], query: string): boolean {
  return words.some((word) => word.startsWith(query))
}
