import { useEffect, useState, type RefObject } from "react"

/** docs/reference/spec.md: a drag or swipe of this many CSS pixels or more changes the slide. */
const SWIPE_DISTANCE_PX = 80

/**
 * react-slick changes slide when a swipe is longer than `width / touchThreshold`,
 * a fraction of the carousel, not a distance. This measures the carousel and
 * returns the `touchThreshold` that makes the cut-off 80 px at any width.
 */
export function useSwipeThreshold(root: RefObject<HTMLElement>): number {
  const [threshold, setThreshold] = useState(5)
  useEffect(() => {
    const element = root.current
    if (!element) return
    const measure = () => {
      // Swipe lengths are whole pixels compared with `>`, so aim half a pixel under.
      const width = element.getBoundingClientRect().width
      if (width > 0) setThreshold(width / (SWIPE_DISTANCE_PX - 0.5))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [root])
  return threshold
}
