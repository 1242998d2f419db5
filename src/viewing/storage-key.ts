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
 * section that arrives after hydration moves nothing. In contract/, as the
 * pages' CSP allows that script by its text.
 */
export { CONTINUE_WATCHING_ATTRIBUTE, CONTINUE_WATCHING_HINT_KEY, CONTINUE_WATCHING_HINT_SCRIPT } from "../../contract/inline-scripts"
