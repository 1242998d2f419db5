// The site's own inline scripts besides Gatsby's. The pages' CSP allows an
// inline script only by hash (node-kit/security/inline-code.ts): Gatsby's data
// scripts, and exactly these texts. Anything else inline is refused and
// reported, so a script slipped into content never runs.

import { MOMENT_FORM, PLAY_LINK_LENGTH_ATTRIBUTE } from "./moment-form"

/** The viewing store's hint key and the attribute it turns on: src/viewing/storage-key.ts's, which a test holds equal. */
const CONTINUE_WATCHING_HINT_KEY = "moveflix.continue-watching"
const CONTINUE_WATCHING_ATTRIBUTE = "data-continue-watching"

/** The home page's head script: a few bytes, run before the first paint; storage refused is no hint. */
export const CONTINUE_WATCHING_HINT_SCRIPT = `try{localStorage.getItem(${JSON.stringify(CONTINUE_WATCHING_HINT_KEY)})==="1"&&document.documentElement.setAttribute(${JSON.stringify(CONTINUE_WATCHING_ATTRIBUTE)},"")}catch(e){}`

const PLAY_LINK = `a[${PLAY_LINK_LENGTH_ATTRIBUTE}]`

/**
 * The episode page's head script: the page's `?t=` (MOMENT_FORM, read as
 * parseMoment reads it) moves the play link to the host's start-time fragment
 * (`#t=90s`) as the link is parsed, before the first paint, so a tap before
 * the page's JavaScript has arrived plays from the moment too; React then
 * renders the same address. The link comes after the head, so a mutation
 * observer waits for it (its callback runs before the browser paints what was
 * parsed) until the document is parsed. A bad `t` leaves the link alone.
 */
export const LINKED_MOMENT_SCRIPT =
  `try{var m=${MOMENT_FORM}.exec(new URLSearchParams(location.search).get("t")||""),` +
  `s=m?m[1]?+m[1]:(m[2]|0)*3600+(m[3]|0)*60+(m[4]|0):0,` +
  `o=s>=1&&new MutationObserver(function(){var a=document.querySelector(${JSON.stringify(PLAY_LINK)});` +
  `if(a){o.disconnect();var d=+a.getAttribute(${JSON.stringify(PLAY_LINK_LENGTH_ATTRIBUTE)});d>0&&s>=d||(a.hash="t="+s+"s")}});` +
  `o&&(o.observe(document,{childList:!0,subtree:!0}),addEventListener("DOMContentLoaded",function(){o.disconnect()}))}catch(e){}`

/** Every inline script of the site's own, by its exact text. */
export const SITE_INLINE_SCRIPTS: readonly string[] = [CONTINUE_WATCHING_HINT_SCRIPT, LINKED_MOMENT_SCRIPT]
