export { onPostBuild } from "./src/on-post-build"
export { pluginOptionsSchema } from "./src/plugin-options"
