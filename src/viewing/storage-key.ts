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
