import React from "react"
import type { GatsbySSR } from "gatsby"
import "./src/styles/styled-components-in-fixed-order"

export { wrapPageElement, wrapRootElement } from "./src/styles/wrap-element"

/** What gatsby-plugin-image adds to every page for its own component, which the site does not use (responsive-image.tsx). */
const IMAGE_PLUGIN_HEAD = new Set(["gatsby-image-style", "gatsby-image-style-noscript", "gatsby-image-style-script"])

export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ getHeadComponents, replaceHeadComponents }) => {
  replaceHeadComponents(
    getHeadComponents().filter((component) => !(React.isValidElement(component) && IMAGE_PLUGIN_HEAD.has(String(component.key)))),
  )
}

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en" })
  // Without it every browser asks for /favicon.ico, which the site has not got.
  setHeadComponents([<link key="icon" rel="icon" href="/favicon.svg" type="image/svg+xml" />])
}
