import React from "react"
import type { GatsbyBrowser } from "gatsby"
import { GlobalStyle } from "./global-style"

/**
 * The global style renders inside the page element, not the root: the site's
 * root wrapper is the outermost of all, outside gatsby-plugin-styled-components'
 * server style sheet, so a GlobalStyle there never reached the built HTML and
 * every page showed the browser's default white serif page until hydration.
 */
export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element }) => (
  <>
    <GlobalStyle />
    {element}
  </>
)
