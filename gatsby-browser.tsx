export { wrapRootElement } from "./src/styles/wrap-root-element"
