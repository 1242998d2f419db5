import React from "react"
import { TextEncoder } from "node:util"
import { act, render, screen } from "@testing-library/react"
import { usePrefersReducedMotion } from "../../../src/hooks/use-prefers-reduced-motion"

// React's server renderer needs TextEncoder, which jsdom does not give.
Object.assign(globalThis, { TextEncoder })
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after TextEncoder is given
const { renderToString } = require("react-dom/server") as typeof import("react-dom/server")

/** Every value the component drew, in order: a countdown drawn and taken back would show as [false, true]. */
let drawn: boolean[] = []

function MotionProbe() {
  const reduced = usePrefersReducedMotion()
  drawn.push(reduced)
  return <p data-testid="motion">{reduced ? "reduced" : "full"}</p>
}

/** A system setting the test can change, as the visitor would in their OS. */
function systemSetting(reduced: boolean) {
  const listeners = new Set<() => void>()
  const setting = { reduced }
  window.matchMedia = ((media: string) => ({
    get matches() {
      return media === "(prefers-reduced-motion: reduce)" && setting.reduced
    },
    media,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia
  return {
    change(next: boolean) {
      setting.reduced = next
      for (const listener of [...listeners]) listener()
    },
    listeners,
  }
}

let consoleError: jest.SpyInstance

beforeEach(() => {
  drawn = []
  // Hydration that disagreed with the HTML would make React complain here.
  consoleError = jest.spyOn(console, "error")
})

afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled()
  jest.restoreAllMocks()
})

it("knows from its first frame when mounted after the page started (Up next)", () => {
  systemSetting(true)
  render(<MotionProbe />)
  expect(drawn).toEqual([true])
})

it("hydrates the HTML's answer (motion), then the visitor's", async () => {
  systemSetting(true)
  const container = document.createElement("div")
  container.innerHTML = renderToString(<MotionProbe />)
  document.body.appendChild(container)
  drawn = []
  await act(async () => {
    render(<MotionProbe />, { container, hydrate: true })
  })
  expect(drawn[0]).toBe(false)
  expect(screen.getByTestId("motion").textContent).toBe("reduced")
})

it("follows the setting while mounted, and stops listening when unmounted", () => {
  const setting = systemSetting(false)
  const { unmount } = render(<MotionProbe />)
  expect(screen.getByTestId("motion").textContent).toBe("full")
  act(() => setting.change(true))
  expect(screen.getByTestId("motion").textContent).toBe("reduced")
  unmount()
  expect(setting.listeners.size).toBe(0)
})
