import { useState } from "react"
import { useIsomorphicLayoutEffect } from "../../hooks/use-isomorphic-layout-effect"
import type { Settings } from "react-slick"

/**
 * react-slick's own `responsive` settings, resolved here instead: 0.31 only
 * applies a breakpoint when the window crosses it, never at first load, so a
 * phone gets the desktop layout (akiran/react-slick#2446, still open). As in
 * react-slick, an entry applies up to its `breakpoint` width and the smallest
 * matching entry wins. The server render uses the base settings.
 */
export function resolveResponsive(settings: Settings, windowWidth: number | null): Settings {
  const { responsive, ...base } = settings
  if (windowWidth === null || !responsive) return base
  const match = [...responsive].sort((a, b) => a.breakpoint - b.breakpoint).find((entry) => windowWidth <= entry.breakpoint && entry.settings !== "unslick")
  return match && typeof match.settings === "object" ? { ...base, ...match.settings } : base
}

/** The settings for this window, known before the hydrated page is first drawn. */
export function useResponsiveSettings(settings: Settings): Settings {
  const [width, setWidth] = useState<number | null>(null)
  useIsomorphicLayoutEffect(() => {
    const measure = () => setWidth(window.innerWidth)
    measure()
    window.addEventListener("resize", measure)
    return () => window.removeEventListener("resize", measure)
  }, [])
  return resolveResponsive(settings, width)
}
