import React from "react"
import type { GatsbyBrowser } from "gatsby"
import { GlobalStyle } from "./global-style"

/**
 * The site's global rules, in the HTML only. Every page's server-written
 * style tag carries them, and styled-components adopts that tag's rules when
 * the browser's bundle starts, so they apply to every page the visitor then
 * opens. Mounted in the browser, the global style runs its rules through
 * stylis again in a layout effect, stylis's first use on the page, inside the
 * commit of React's take-over: the one part of it that cannot yield to the
 * visitor. `gatsby develop` writes no HTML, so there the component renders.
 */
const globalStyle = process.env.BUILD_STAGE === "build-javascript" ? null : <GlobalStyle />

/**
 * The global style renders inside the page element, not the root: the site's
 * root wrapper is the outermost of all, outside gatsby-plugin-styled-components'
 * server style sheet, so a GlobalStyle there never reached the built HTML and
 * every page showed the browser's default white serif page until hydration.
 */
export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element }) => (
  <>
    {globalStyle}
    {element}
  </>
)
