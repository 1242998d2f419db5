// The browser half, wired by the site's own gatsby-browser (README "Install and use"). Gatsby compiles a
// plugin's options into the browser bundle when the plugin has a gatsby-browser file (and into the HTML
// renderer when it has a gatsby-ssr file), and `serviceWorker` differs between a live and a preview build,
// whose code is otherwise the same: release.json tells the browser instead.
export { onInitialClientRender, onPostPrefetchPathname, onRouteUpdate } from "./src/browser/on-client"
