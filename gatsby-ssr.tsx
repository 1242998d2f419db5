import React from "react"
import type { GatsbySSR } from "gatsby"

export { wrapPageElement, wrapRootElement } from "./src/styles/wrap-element"

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en" })
  // Without it every browser asks for /favicon.ico, which the site has not got.
  setHeadComponents([<link key="icon" rel="icon" href="/favicon.svg" type="image/svg+xml" />])
}
