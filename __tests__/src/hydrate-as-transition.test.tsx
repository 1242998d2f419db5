import React, { useState } from "react"
import { TextEncoder } from "node:util"
import { act } from "@testing-library/react"
import { hydrateAsTransition, serverWrotePage } from "../../src/hydrate-as-transition"

// React's server renderer needs TextEncoder, which jsdom does not give.
Object.assign(globalThis, { TextEncoder })
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after TextEncoder is given
const { renderToString } = require("react-dom/server") as typeof import("react-dom/server")

// How React takes over a page Gatsby built: the server's elements kept and
// made to answer, and a press that comes before React has finished handled.
// A page the server left empty is left to Gatsby's own renderer.

function Counter() {
  const [count, setCount] = useState(0)
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Pressed {count} times
    </button>
  )
}

/** Gatsby's page as the server wrote it: `#___gatsby` holding `#gatsby-focus-wrapper`, with `html` inside. */
function serverPage(html: string): HTMLElement {
  document.body.innerHTML = `<div id="___gatsby"><div id="gatsby-focus-wrapper">${html}</div></div>`
  return document.getElementById("___gatsby")!
}

const page = (children: React.ReactNode) => <div id="gatsby-focus-wrapper">{children}</div>

it("takes over the server's elements: the same button answers a press once React has the page", async () => {
  const root = serverPage(renderToString(<Counter />))
  const serversButton = document.querySelector("button")!
  await act(async () => hydrateAsTransition(page(<Counter />), root))
  expect(document.querySelector("button")).toBe(serversButton)
  await act(async () => serversButton.click())
  expect(serversButton.textContent).toBe("Pressed 1 times")
})

it("handles a press that comes before React has taken the page over", async () => {
  const root = serverPage(renderToString(<Counter />))
  const serversButton = document.querySelector("button")!
  hydrateAsTransition(page(<Counter />), root)
  await act(async () => serversButton.click())
  expect(document.querySelector("button")).toBe(serversButton)
  expect(serversButton.textContent).toBe("Pressed 1 times")
})

it("tells a page the server wrote from one it left empty, which Gatsby's own renderer draws", () => {
  serverPage(renderToString(<Counter />))
  expect(serverWrotePage()).toBe(true)
  serverPage("")
  expect(serverWrotePage()).toBe(false)
})
