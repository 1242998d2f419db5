import { hasWordStarting, textWords } from "./words"

/** A match's title counts five times its description, as the reference server's bm25 weights them. */
const TITLE_WEIGHT = 5

export interface Searchable {
  title?: string | null
  description?: string | null
}

/**
 * How well a series matches the query's words: undefined unless every word
 * is in its title or its description; otherwise the higher, the better
 * (each word found in the title weighs TITLE_WEIGHT, in the description 1).
 */
export function matchScore(series: Searchable, words: readonly string[]): number | undefined {
  if (words.length === 0) return undefined
  const title = textWords(series.title)
  const description = textWords(series.description)
  let score = 0
  for (const word of words) {
    const inTitle = hasWordStarting(title, word)
    const inDescription = hasWordStarting(description, word)
    if (!inTitle && !inDescription) return undefined
    score += (inTitle ? TITLE_WEIGHT : 0) + (inDescription ? 1 : 0)
  }
  return score
}

/** The `limit` best of `items` (those that match), best first; equals keep their order. */
export function bestMatches<T extends Searchable>(items: readonly T[], words: readonly string[], limit: number): T[] {
  return items
    .flatMap((item, index) => {
      const score = matchScore(item, words)
      return score === undefined ? [] : [{ item, index, score }]
    })
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map(({ item }) => item)
}
