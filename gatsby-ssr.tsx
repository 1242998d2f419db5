import type { GatsbySSR } from "gatsby"

export { wrapRootElement } from "./src/styles/wrap-root-element"

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "en" })
}
