/**
 * What a page asks before it loads any take-link code: whether its address
 * holds a take link, and whether this browser can make or read one. Its own
 * module, so My list's first load carries these lines and not the rest.
 */

/** The fragment's key: `#take=…`. */
export const TAKE_KEY = "take"

/** Whether a location's hash is a take link at all. */
export const isTakeHash = (hash: string): boolean => hash.startsWith(`#${TAKE_KEY}=`)

/** Whether this browser has Compression Streams (Chromium 103, Firefox 113, Safari 16.4 on), which links are made and read with. */
export const canTakeLinks = (): boolean => typeof CompressionStream === "function" && typeof DecompressionStream === "function"
