import { useEffect, useState } from "react"

/**
 * The visitor's current year. The first render uses the build's year so the
 * server HTML and hydration agree; the browser then swaps in its own clock,
 * so a site built in December shows the new year in January.
 */
export function useCurrentYear(buildYear: number): number {
  const [year, setYear] = useState(buildYear)
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read after hydration: the built HTML cannot know it
    setYear(new Date().getFullYear())
  }, [])
  return year
}
