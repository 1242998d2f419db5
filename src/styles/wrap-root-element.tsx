import React from "react"
import { ThemeProvider } from "styled-components"
import type { GatsbyBrowser } from "gatsby"
import { GlobalStyle } from "./global-style"
import { theme } from "./theme"

/** Shared by gatsby-browser and gatsby-ssr so the server and the browser render alike. */
export const wrapRootElement: GatsbyBrowser["wrapRootElement"] = ({ element }) => (
  <ThemeProvider theme={theme}>
    <GlobalStyle />
    {element}
  </ThemeProvider>
)
