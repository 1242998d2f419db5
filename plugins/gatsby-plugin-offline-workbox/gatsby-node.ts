export { onPostBuild } from "./src/on-post-build"
