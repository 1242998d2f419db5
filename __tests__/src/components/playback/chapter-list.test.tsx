import React from "react"
import { act, fireEvent, render, screen, within } from "@testing-library/react"
import { ChapterList } from "../../../../src/components/playback/chapter-list"
import { createPlaybackControl } from "../../../../src/playback/playback-control"

const SRC = "https://player.vimeo.com/video/760001002"
const CHAPTERS = [
  { start: 0, end: 95, title: "Warm-up" },
  { start: 95, end: 400, title: "Plank" },
  { start: 400, end: 754, title: "Cool-down" },
]

function drawn(src: string | null = SRC) {
  const control = createPlaybackControl()
  const playFrom = jest.fn()
  control.attach(playFrom)
  render(<ChapterList chapters={CHAPTERS} src={src} control={control} />)
  return { control, playFrom }
}

const links = () => within(screen.getByRole("region", { name: "Chapters" })).queryAllByRole("link")

describe("ChapterList", () => {
  it("lists each chapter's time and title as a link to the host's player at that moment", () => {
    drawn()
    expect(links().map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["0:00 Warm-up", `${SRC}?autoplay=1`],
      ["1:35 Plank", `${SRC}?autoplay=1#t=95s`],
      ["6:40 Cool-down", `${SRC}?autoplay=1#t=400s`],
    ])
    expect(screen.getByRole("heading", { name: "Chapters", level: 2 })).toBeInTheDocument()
  })

  it("plays from a chapter in the page on a plain click, and leaves a modified click to the browser", () => {
    const { playFrom } = drawn()
    const plank = screen.getByRole("link", { name: "1:35 Plank" })
    expect(fireEvent.click(plank)).toBe(false)
    expect(playFrom).toHaveBeenCalledWith(95)
    expect(fireEvent.click(plank, { ctrlKey: true })).toBe(true)
    expect(playFrom).toHaveBeenCalledTimes(1)
  })

  it("marks the chapter playing, and none before the player has said where it is", () => {
    const { control } = drawn()
    const current = () =>
      links()
        .filter((link) => link.getAttribute("aria-current") === "true")
        .map((link) => link.textContent)
    expect(current()).toEqual([])
    act(() => control.report(120))
    expect(current()).toEqual(["1:35 Plank"])
    act(() => control.report(401))
    expect(current()).toEqual(["6:40 Cool-down"])
    act(() => control.report(null))
    expect(current()).toEqual([])
  })

  it("shows nothing without chapters, and plain times when the video cannot be played", () => {
    const control = createPlaybackControl()
    const { container } = render(<ChapterList chapters={[]} src={SRC} control={control} />)
    expect(container).toBeEmptyDOMElement()
    drawn(null)
    expect(links()).toEqual([])
    expect(screen.getByText("Plank")).toBeInTheDocument()
  })
})
