import React from "react"
import { TextEncoder } from "node:util"
import { act, render, screen } from "@testing-library/react"
import { useViewing } from "../../../src/viewing/use-viewing"
import { VIEWING_STORAGE_KEY } from "../../../src/viewing/viewing-store"
import { recordProgress } from "../../../src/viewing/viewing-history"
import { FakeStorage, installStorage, restoreStorage, securityError } from "./fake-storage"

function ViewingProbe() {
  const { state, available, hydrated } = useViewing()
  return (
    <p data-testid="viewing">
      {`${hydrated ? "hydrated" : "server"} ${available ? "available" : "unavailable"} ` +
        (state.history.map((progress) => `${progress.episodeId}@${progress.seconds}`).join(",") || "none")}
    </p>
  )
}

const storedHistory = (...ids: string[]) =>
  JSON.stringify({
    version: 1,
    history: ids.map((episodeId) => ({
      episodeId,
      seconds: 754,
      duration: 1800,
      updatedAt: 1,
      seriesId: null,
      seriesTitle: null,
      episodeTitle: null,
      episodeNumber: null,
      image: null,
    })),
    saved: [],
  })

// React's server renderer needs TextEncoder, which jsdom does not give.
Object.assign(globalThis, { TextEncoder })
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after TextEncoder is given
const { renderToString } = require("react-dom/server") as typeof import("react-dom/server")

let storage: FakeStorage
let consoleError: jest.SpyInstance

beforeEach(() => {
  storage = new FakeStorage()
  installStorage(storage)
  storage.setItem(VIEWING_STORAGE_KEY, storedHistory("e1"))
  // A snapshot that changed on every read, or HTML that hydration disagreed
  // with, would make React complain here.
  consoleError = jest.spyOn(console, "error")
})

afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled()
  jest.restoreAllMocks()
  restoreStorage()
})

const shown = () => screen.getByTestId("viewing").textContent

it("renders nothing remembered on the server, whatever is stored", () => {
  expect(renderToString(<ViewingProbe />)).toContain("server unavailable none")
})

it("hydrates the server HTML, then shows what is stored", async () => {
  const container = document.createElement("div")
  container.innerHTML = renderToString(<ViewingProbe />)
  document.body.appendChild(container)
  await act(async () => {
    render(<ViewingProbe />, { container, hydrate: true })
  })
  expect(shown()).toBe("hydrated available e1@754")
})

it("renders again after a write in this page", () => {
  render(<ViewingProbe />)
  act(() => recordProgress({ ...JSON.parse(storedHistory("e2")).history[0], seconds: 12.34 }))
  expect(shown()).toBe("hydrated available e2@12.3,e1@754")
})

it("renders again when another tab changes the key", () => {
  render(<ViewingProbe />)
  act(() => {
    storage.setItem(VIEWING_STORAGE_KEY, storedHistory("e7", "e1"))
    window.dispatchEvent(new StorageEvent("storage", { key: VIEWING_STORAGE_KEY }))
  })
  expect(shown()).toBe("hydrated available e7@754,e1@754")
})

it("renders without memory when the browser refuses storage", () => {
  installStorage({ refusal: securityError() })
  render(<ViewingProbe />)
  expect(shown()).toBe("hydrated unavailable none")
})
