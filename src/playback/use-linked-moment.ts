import { useEffect, useState } from "react"
import { momentOfSearch } from "./moment"

/**
 * The moment the page's address asks for (`?t=90`), in seconds, or null.
 * Read once React has the page: the built HTML is the same for every query,
 * so the first render must be too.
 */
export function useLinkedMoment(search: string, durationSeconds: number | null | undefined): number | null {
  const [moment, setMoment] = useState<number | null>(null)
  // eslint-disable-next-line react-hooks/set-state-in-effect -- read after hydration: the built HTML cannot know it
  useEffect(() => setMoment(momentOfSearch(search, durationSeconds)), [search, durationSeconds])
  return moment
}
