import path from "node:path"
import { build } from "esbuild"
import type { Browser, Page } from "playwright-core"
import { launchBrowser } from "../scripts/lib/chromium"
import { PROJECT_ROOT } from "../node-kit/process/processes"
import { runInNewProcess } from "./helpers/new-process"

// patches/styled-components+6.6.0.patch (decision 0025): in the browser,
// styled-components takes the server's <style> element over as its own sheet
// instead of copying its rules into a new one. Here the server's half is
// styled-components' own ServerStyleSheet in a fresh Node process, and the
// browser's half the patched browser build, bundled as the site's bundler
// would, in real Chromium.
jest.setTimeout(60_000)

/** Five components, defined in this order on both sides, so each gets the same group on both. */
const COMPONENTS = [
  { id: "sc-a", color: "rgb(10, 0, 0)" },
  { id: "sc-b", color: "rgb(20, 0, 0)" },
  { id: "sc-c", color: "rgb(30, 0, 0)" },
  { id: "sc-d", color: "rgb(40, 0, 0)" },
  { id: "sc-e", color: "rgb(50, 0, 0)" },
]
/**
 * The server renders all but D, which the browser renders after taking the
 * sheet over. styled-components gives a component first seen in the browser
 * a group after the server's last, so D's rules go after every rule the
 * server wrote, wherever the sheet is kept.
 */
const SERVER_RENDERS = [0, 1, 2, 4]
const D = 3

const DEFINE_COMPONENTS = `COMPONENTS.map(({ id, color }) => styled.span.withConfig({ componentId: id })\`color: \${color};\`)`

const SERVER_RENDER = `
const React = require("react")
const { renderToString } = require("react-dom/server")
const { default: styled, ServerStyleSheet } = require("styled-components")
const COMPONENTS = JSON.parse(process.argv[2])
const parts = ${DEFINE_COMPONENTS}
const sheet = new ServerStyleSheet()
const children = JSON.parse(process.argv[3]).map((index) => React.createElement(parts[index], { key: index, id: COMPONENTS[index].id }, COMPONENTS[index].id))
const html = renderToString(sheet.collectStyles(React.createElement("div", null, children)))
process.stdout.write(JSON.stringify({ html, styles: sheet.getStyleTags() }))
`

const BROWSER_ENTRY = `
import { createElement } from "react"
import { createRoot } from "react-dom/client"
import styled from "styled-components"
const COMPONENTS = ${JSON.stringify(COMPONENTS)}
const parts = ${DEFINE_COMPONENTS}
window.renderOnClient = (index) => createRoot(document.getElementById("client")).render(createElement(parts[index], { id: "client-" + COMPONENTS[index].id }, "client"))
`

let server: { html: string; styles: string }
let bundle: string
let browser: Browser

beforeAll(async () => {
  // In a new process, so that no other test's components take groups first.
  const output = runInNewProcess(SERVER_RENDER, [JSON.stringify(COMPONENTS), JSON.stringify(SERVER_RENDERS)], PROJECT_ROOT, { NODE_PATH: path.join(PROJECT_ROOT, "node_modules") })
  server = JSON.parse(output) as typeof server
  const result = await build({
    stdin: { contents: BROWSER_ENTRY, resolveDir: PROJECT_ROOT, loader: "js" },
    bundle: true,
    platform: "browser",
    format: "iife",
    define: { "process.env.NODE_ENV": '"production"' },
    write: false,
    logLevel: "silent",
  })
  bundle = result.outputFiles[0]!.text
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** A page with the server's HTML and style element (given an id), the browser's bundle run, and D rendered by it. */
async function takeOver(styles: string): Promise<Page> {
  const page = await browser.newPage()
  const serverStyles = styles.replace("<style ", '<style id="server-styles" ')
  await page.setContent(`<!doctype html><html lang="en"><head><title>t</title>${serverStyles}</head><body>${server.html}<div id="client"></div></body></html>`)
  await page.addScriptTag({ content: bundle })
  await page.evaluate((index) => (window as unknown as { renderOnClient(index: number): void }).renderOnClient(index), D)
  await page.locator("#client-sc-d").waitFor({ timeout: 10_000 })
  return page
}

/** Each component's colour on the page, and the colour of an element given D's classes and another's. */
async function colours(page: Page) {
  return page.evaluate(
    ({ ids }) => {
      const colour = (element: Element) => getComputedStyle(element).color
      const classesOf = (id: string) => document.getElementById(id)!.className
      const both = (first: string, second: string) => {
        const span = document.createElement("span")
        span.className = `${classesOf(first)} ${classesOf(second)}`
        document.body.append(span)
        return colour(span)
      }
      return {
        own: Object.fromEntries(ids.map((id) => [id, colour(document.getElementById(id)!)])),
        withA: both("sc-a", "client-sc-d"),
        withC: both("sc-c", "client-sc-d"),
        withE: both("sc-e", "client-sc-d"),
      }
    },
    { ids: ["sc-a", "sc-b", "sc-c", "client-sc-d", "sc-e"] },
  )
}

const EXPECTED_COLOURS = {
  own: { "sc-a": "rgb(10, 0, 0)", "sc-b": "rgb(20, 0, 0)", "sc-c": "rgb(30, 0, 0)", "client-sc-d": "rgb(40, 0, 0)", "sc-e": "rgb(50, 0, 0)" },
  // Rules of the same specificity: D's, the last group's, win.
  withA: "rgb(40, 0, 0)",
  withC: "rgb(40, 0, 0)",
  withE: "rgb(40, 0, 0)",
}

const styleElements = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll("style[data-styled]")].map((element) => ({ id: element.id, state: element.getAttribute("data-styled") })))

test("the browser keeps the server's style element as its sheet, and a component rendered later has its rules after the server's", async () => {
  const page = await takeOver(server.styles)
  expect(await styleElements(page)).toEqual([{ id: "server-styles", state: "active" }])
  expect(await colours(page)).toEqual(EXPECTED_COLOURS)
  await page.close()
})

test("a server sheet the browser did not keep whole is copied into a new element, with the same cascade", async () => {
  // Chromium drops a rule for another engine's pseudo-element, so the sheet holds one rule fewer than the server wrote.
  const styles = server.styles.replace(/(<style[^>]*>)/, "$1a::-moz-focus-inner{border:0;}/*!sc*/\n")
  const page = await takeOver(styles)
  expect(await styleElements(page)).toEqual([{ id: "", state: "active" }])
  expect(await colours(page)).toEqual(EXPECTED_COLOURS)
  await page.close()
})
