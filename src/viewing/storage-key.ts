/** The one localStorage key of the visitor's viewing memory; its value carries its own version. */
export const VIEWING_STORAGE_KEY = "moveflix.viewing"

/**
 * Whether this browser holds any viewing memory, without the store's code:
 * the home page asks this first and downloads Continue watching only for a
 * visitor who has something to continue. False wherever storage is refused.
 */
export function hasStoredViewing(): boolean {
  try {
    return window.localStorage.getItem(VIEWING_STORAGE_KEY) !== null
  } catch {
    return false
  }
}

/**
 * The home page's hint, set by the store while the visitor has an episode to
 * continue and read before the first paint by CONTINUE_WATCHING_HINT_SCRIPT:
 * the page then makes room for Continue watching in the first screen, so the
 * section that arrives after hydration moves nothing. The script itself is in
 * contract/inline-scripts.ts, where the pages' CSP allows it by its text; it
 * names these two values again (a shared module cost every page that saves a
 * series a module of its own), and a test holds them equal.
 */
export const CONTINUE_WATCHING_HINT_KEY = "moveflix.continue-watching"

/** What the hint turns on before the home page's first paint: an attribute of `<html>` the home page's CSS reads. */
export const CONTINUE_WATCHING_ATTRIBUTE = "data-continue-watching"
