import React from "react"
import type { Page } from "playwright-core"
import { ServerStyleSheet } from "styled-components"
import { GlobalStyle } from "../../../src/styles/global-style"

// The Node build of the server renderer, as Gatsby's HTML build uses.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the Node build of the renderer, by its file
const { renderToStaticMarkup } = require("react-dom/server.node") as typeof import("react-dom/server")

/**
 * Shows one component in the page as the built site would serve it: rendered
 * on the server with the site's global style, its styles in the
 * head. For what the sample catalogue cannot show (a section with another
 * number of items) without a build of its own. Gatsby's Link is the plain
 * anchor of __tests__/__mocks__/gatsby.tsx.
 */
export async function showComponent(page: Page, element: React.ReactElement): Promise<void> {
  const sheet = new ServerStyleSheet()
  try {
    const body = renderToStaticMarkup(
      sheet.collectStyles(
        <>
          <GlobalStyle />
          <main>{element}</main>
        </>,
      ),
    )
    await page.setContent(`<!doctype html><html lang="en"><head><meta charset="utf-8">${sheet.getStyleTags()}</head><body>${body}</body></html>`)
  } finally {
    sheet.seal()
  }
}
