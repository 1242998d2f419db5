import React from "react"
import type { GatsbySSR } from "gatsby"

// Every page module of the site is evaluated here, in a fixed order, when the
// HTML renderer starts. Why: styled-components numbers each styled component's
// rule group when its module is evaluated (`ComponentStyle`'s constructor calls
// `StyleSheet.registerId`), and a page's `<style>` lists its rules in group
// order, with the numbers in `data-styled.gN`. Gatsby's renderer evaluates a
// template on the first render that needs it, so the numbers, and the order of
// a page's rules, depended on which pages that process rendered first: a warm
// build that renders a dozen changed pages wrote the same rules as a cold build
// in another order. With every page module evaluated here first, each process
// numbers the groups alike, and a warm build writes a cold build's bytes. The
// browser adopts the server's numbers when it reads the style tag, so nothing
// changes there.
import "./src/pages/404"
import "./src/pages/index"
import "./src/pages/my-list"
import "./src/pages/search-results"
import "./src/pages/thank-you"
import "./src/templates/category"
import "./src/templates/episode"
import "./src/templates/series"
import "./src/templates/subcategory"
import "./src/templates/subscribe-outcome"
// Required by the results page in the HTML renderer only (search-results-screen.tsx), so evaluated here too.
import "./src/components/forms/no-script-search"

import { FIRST_SCREEN_END_ID } from "./src/components/layout/first-screen-end"
import { CONTINUE_WATCHING_HINT_SCRIPT, LINKED_MOMENT_SCRIPT } from "./contract/inline-scripts"
import { PAGE_LANGUAGE } from "./src/page-language"
import { routes } from "./src/routes"

export { wrapPageElement } from "./src/styles/wrap-element"

/** What gatsby-plugin-image adds to every page for its own component, which the site does not use (responsive-image.tsx). */
const IMAGE_PLUGIN_HEAD = new Set(["gatsby-image-style", "gatsby-image-style-noscript", "gatsby-image-style-script"])

/** Every episode page's path starts so. */
const EPISODE_PATHS = routes.episode("")

/** The sitemap index (gatsby/seo/post-build-outputs.ts writes it), named in every page as gatsby-plugin-sitemap named it. */
const SITEMAP_LINK = <link key="sitemap" rel="sitemap" type="application/xml" href="/sitemap-index.xml" />

const keyOf = (component: React.ReactNode) => (React.isValidElement(component) ? String(component.key) : "")

export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ getHeadComponents, replaceHeadComponents }) => {
  const head = getHeadComponents().filter((component) => !IMAGE_PLUGIN_HEAD.has(keyOf(component)))
  // Before the manifest's links, where the sitemap plugin's came: a page's head keeps its bytes (decision 0010).
  // (Gatsby moves <meta> tags ahead of the rest, so it is the manifest's first <link>.)
  const manifest = head.findIndex((component) => React.isValidElement(component) && component.type === "link" && keyOf(component).startsWith("gatsby-plugin-manifest"))
  head.splice(manifest === -1 ? head.length : manifest, 0, SITEMAP_LINK)
  replaceHeadComponents(head)
}

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ pathname, setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: PAGE_LANGUAGE })
  // Home only: whether to keep room for Continue watching in the first screen, decided before the first paint.
  if (pathname === "/") setHeadComponents([<script key="continue-watching-hint" dangerouslySetInnerHTML={{ __html: CONTINUE_WATCHING_HINT_SCRIPT }} />])
  // Episodes only: a link to a moment (`?t=`) starts the play link there before the page's JavaScript has run.
  if (pathname.startsWith(EPISODE_PATHS)) setHeadComponents([<script key="linked-moment" dangerouslySetInnerHTML={{ __html: LINKED_MOMENT_SCRIPT }} />])
  // Without it every browser asks for /favicon.ico, which the site has not got.
  setHeadComponents([
    <link key="icon" rel="icon" href="/favicon.svg" type="image/svg+xml" />,
    // No first paint until the header and the hero (or player) are parsed: on a slow or loaded connection the
    // HTML arrives in parts, and a header or hero painted half-parsed moved when the rest came (a layout
    // shift; docs/reference/first-paint.md). Browsers without `rel=expect` paint as before.
    <link key="expect-first-screen" rel="expect" href={`#${FIRST_SCREEN_END_ID}`} blocking="render" />,
  ])
}
