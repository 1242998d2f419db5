import React from "react"
import { act, fireEvent, render, screen } from "@testing-library/react"
import { ShareFromButton } from "../../../../src/components/cards/share-from-button"
import { createPlaybackControl } from "../../../../src/playback/playback-control"

describe("ShareFromButton", () => {
  const share = jest.fn(async (_data: ShareData) => undefined)
  beforeAll(() => {
    Object.defineProperty(navigator, "share", { value: share, configurable: true })
    window.history.replaceState(null, "", "/detail/1002/?t=5#player")
  })

  it("offers nothing until the visitor has played past the start, then shares the page at the moment", () => {
    const control = createPlaybackControl()
    render(<ShareFromButton title="Plank Basics" control={control} />)
    expect(screen.queryByRole("button")).toBeNull()
    act(() => control.report(0.6))
    expect(screen.queryByRole("button")).toBeNull()
    act(() => control.report(90.4))
    const button = screen.getByRole("button", { name: "Share Plank Basics from 1:30" })
    expect(button).toHaveTextContent("From 1:30")
    fireEvent.click(button)
    expect(share).toHaveBeenCalledWith({ title: "Plank Basics", url: "http://localhost/detail/1002/?t=90" })
    act(() => control.report(null))
    expect(screen.queryByRole("button")).toBeNull()
  })
})
