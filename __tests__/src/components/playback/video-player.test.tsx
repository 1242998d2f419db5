import React from "react"
import { act, fireEvent, render, screen } from "@testing-library/react"
import { VideoPlayer } from "../../../../src/components/playback/video-player"
import { createPlaybackControl } from "../../../../src/playback/playback-control"
import type { HostPlayerOptions } from "../../../../src/playback/use-host-player"

// The host's SDK and the position writer are the browser tests' (player.test.ts, moments.test.ts): here the
// hook stands in, saying whether the open player could seek and relaying what it hears.
const mockSeek = jest.fn((_seconds: number) => true)
const mockHostPlayer = jest.fn((_iframe: unknown, _active: boolean, _options: HostPlayerOptions) => mockSeek)
jest.mock("../../../../src/playback/use-host-player", () => ({
  useHostPlayer: (iframe: unknown, active: boolean, options: HostPlayerOptions) => mockHostPlayer(iframe, active, options),
}))

const SRC = "https://player.vimeo.com/video/760001002"

const draw = (props: Partial<React.ComponentProps<typeof VideoPlayer>> = {}) => render(<VideoPlayer src={SRC} title="Plank Basics" poster={null} {...props} />)

const iframeSrc = (container: HTMLElement) => container.querySelector("iframe:not(noscript iframe)")?.getAttribute("src")

// jsdom lays nothing out, and has no scrollIntoView.
const scrollIntoView = jest.fn()
beforeAll(() => {
  Element.prototype.scrollIntoView = scrollIntoView
})

beforeEach(() => {
  scrollIntoView.mockClear()
  mockSeek.mockReset().mockReturnValue(true)
  mockHostPlayer.mockClear()
})

describe("VideoPlayer and a moment", () => {
  it("says where a linked moment starts, links the host's player there, and opens there", () => {
    const { container } = draw({ linkedStart: 90 })
    const play = screen.getByRole("link", { name: "Play Plank Basics, starts at 1:30" })
    expect(play).toHaveTextContent("Starts at 1:30")
    expect(play).toHaveAttribute("href", `${SRC}?autoplay=1#t=90s`)
    fireEvent.click(play)
    expect(iframeSrc(container)).toBe(`${SRC}?autoplay=1#t=90s`)
  })

  it("without a moment stays the plain play link", () => {
    draw()
    const play = screen.getByRole("link", { name: "Play Plank Basics" })
    expect(play).toHaveAttribute("href", `${SRC}?autoplay=1`)
    expect(play).not.toHaveTextContent("Starts at")
  })

  it("puts a linked moment before Resume: the visitor followed a link to it", () => {
    draw({ linkedStart: 90, resumeAt: 300 })
    expect(screen.queryByRole("button", { name: /Resume/ })).toBeNull()
    expect(screen.getByRole("link", { name: /starts at 1:30/ })).toBeInTheDocument()
  })

  it("opens at the moment the page asks for, then seeks there once open", () => {
    const control = createPlaybackControl()
    const { container } = draw({ control })
    act(() => control.playFrom(120))
    expect(iframeSrc(container)).toBe(`${SRC}?autoplay=1#t=120s`)
    expect(mockSeek).not.toHaveBeenCalled()
    act(() => control.playFrom(30))
    expect(mockSeek).toHaveBeenCalledWith(30)
    expect(iframeSrc(container)).toBe(`${SRC}?autoplay=1#t=120s`)
    // Asked from further down the page (the transcript), the player comes into view as it seeks.
    expect(scrollIntoView).toHaveBeenCalledWith({ block: "nearest" })
  })

  it("starts a new player at the moment where the open one cannot seek", () => {
    const control = createPlaybackControl()
    const { container } = draw({ control })
    act(() => control.playFrom(120))
    const first = container.querySelector("iframe")
    mockSeek.mockReturnValue(false)
    act(() => control.playFrom(30))
    expect(iframeSrc(container)).toBe(`${SRC}?autoplay=1#t=30s`)
    expect(container.querySelector("iframe")).not.toBe(first)
  })

  it("tells the page where the video is, and forgets it when the player goes", () => {
    const control = createPlaybackControl()
    const { unmount } = draw({ control })
    act(() => control.playFrom(10))
    const { onTime } = mockHostPlayer.mock.calls.at(-1)![2]
    act(() => onTime?.(12.5))
    expect(control.position()).toBe(12.5)
    unmount()
    expect(control.position()).toBeNull()
    control.playFrom(40)
  })
})
