// Slick's layout rules only; its theme file pulls in web fonts and a GIF we do not use.
// Our copy of them: the package's file carries an invalid `cursor: hand` (see the file).
import "./src/styles/slick.css"

import type { GatsbyBrowser } from "gatsby"
import { hydrateAsTransition, serverWrotePage, yieldToBrowser } from "./src/hydrate-as-transition"

import { onInitialClientRender as startOffline } from "./plugins/gatsby-plugin-offline-workbox/browser"

export { wrapPageElement } from "./src/styles/wrap-element"
// The service worker's browser half (the plugin's README says why the site wires it).
export { onPostPrefetchPathname, onRouteUpdate } from "./plugins/gatsby-plugin-offline-workbox/browser"

/**
 * Marks the document once React has taken over the server's HTML: styles and
 * the browser tests can tell a page whose controls answer from one still
 * waiting for its scripts, without guessing from the network. Then the
 * service worker, where the page's build made one.
 */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = (args, options) => {
  document.documentElement.dataset.hydrated = ""
  startOffline?.(args, options)
}

/** The renderer type Gatsby declares: React 17's ReactDOM.render, though Gatsby 5 calls it with (element, container) only. */
type GatsbyRenderer = ReturnType<NonNullable<GatsbyBrowser["replaceHydrateFunction"]>>

/**
 * React takes over the server's HTML a few milliseconds at a time
 * (hydrate-as-transition.ts); a page the server left empty gets Gatsby's own
 * renderer, which draws it (undefined: Gatsby's default).
 */
export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] = () => (serverWrotePage() ? hydrateAsTransition : undefined) as unknown as GatsbyRenderer

/** Gatsby's start goes on in a task of its own (yieldToBrowser). */
export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => yieldToBrowser()
