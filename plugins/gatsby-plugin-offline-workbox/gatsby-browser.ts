export { onInitialClientRender, onPostPrefetchPathname, onRouteUpdate } from "./src/browser/on-client"
