/** The history state Up next hands the next episode's page: play at once. */
export const AUTOPLAY_STATE = { autoplay: true } as const

/** Whether a page's history state asks it to play at once. */
export const asksToAutoplay = (state: unknown): boolean => typeof state === "object" && state !== null && (state as { autoplay?: unknown }).autoplay === true

/**
 * Takes the request out of this history entry once honoured: the browser keeps
 * history state across a reload and Back, and a visitor returning to the page
 * that way did not ask for the video again.
 */
export function forgetAutoplay(): void {
  const state: unknown = window.history.state
  if (!asksToAutoplay(state)) return
  const { autoplay: _honoured, ...rest } = state as Record<string, unknown>
  window.history.replaceState(rest, "")
}
