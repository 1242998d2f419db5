// The site's own inline scripts besides Gatsby's. The pages' CSP allows an
// inline script only by hash (node-kit/security-headers.ts): Gatsby's data
// scripts, and exactly these texts. Anything else inline is refused and
// reported, so a script slipped into content never runs.

/** The viewing store's hint key and the attribute it turns on: src/viewing/storage-key.ts's, which a test holds equal. */
const CONTINUE_WATCHING_HINT_KEY = "moveflix.continue-watching"
const CONTINUE_WATCHING_ATTRIBUTE = "data-continue-watching"

/** The home page's head script: a few bytes, run before the first paint; storage refused is no hint. */
export const CONTINUE_WATCHING_HINT_SCRIPT = `try{localStorage.getItem(${JSON.stringify(CONTINUE_WATCHING_HINT_KEY)})==="1"&&document.documentElement.setAttribute(${JSON.stringify(CONTINUE_WATCHING_ATTRIBUTE)},"")}catch(e){}`

/** Every inline script of the site's own, by its exact text. */
export const SITE_INLINE_SCRIPTS: readonly string[] = [CONTINUE_WATCHING_HINT_SCRIPT]
