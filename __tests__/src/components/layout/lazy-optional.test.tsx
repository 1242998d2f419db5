import React, { Suspense } from "react"
import { act, render, screen } from "@testing-library/react"
import { lazyOptional } from "../../../../src/components/layout/lazy-optional"

function Results({ Extra }: { Extra: React.ComponentType<{ label: string }> }) {
  return (
    <ul>
      <li>
        Mat Pilates Essentials
        <Suspense fallback={null}>
          <Extra label="Save" />
        </Suspense>
      </li>
    </ul>
  )
}

let consoleError: jest.SpyInstance
beforeEach(() => {
  consoleError = jest.spyOn(console, "error").mockImplementation(() => {})
})
afterEach(() => jest.restoreAllMocks())

it("draws the part once its code has arrived", async () => {
  const Extra = lazyOptional(async () => ({ label }: { label: string }) => <button type="button">{label}</button>)
  await act(async () => {
    render(<Results Extra={Extra} />)
  })
  expect(screen.getByRole("button", { name: "Save" })).toBeTruthy()
})

it("keeps the page when the part's code cannot be downloaded, and draws nothing in its place", async () => {
  const chunkLost = Object.assign(new Error("Loading chunk 247 failed."), { name: "ChunkLoadError" })
  const Extra = lazyOptional<{ label: string }>(() => Promise.reject(chunkLost))
  await act(async () => {
    render(<Results Extra={Extra} />)
  })
  expect(screen.getByText("Mat Pilates Essentials")).toBeTruthy()
  expect(screen.queryByRole("button")).toBeNull()
  expect(consoleError).not.toHaveBeenCalled()
})
