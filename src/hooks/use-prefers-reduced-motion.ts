import { useSyncExternalStore } from "react"

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)"

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION)
  query.addEventListener("change", onChange)
  return () => query.removeEventListener("change", onChange)
}

const askBrowser = () => window.matchMedia(REDUCED_MOTION).matches
// The built HTML cannot know: it is drawn with motion, and hydration draws the same.
const askNobody = () => false

/**
 * Whether the visitor asked the system for less motion. Hydration first draws
 * what the HTML has (false) and corrects it at once; a component mounted
 * later (Up next) knows from its first frame, so it never shows a countdown
 * only to take it back.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, askBrowser, askNobody)
}
