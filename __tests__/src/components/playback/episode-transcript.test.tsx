import React from "react"
import { fireEvent, render, screen } from "@testing-library/react"
import { EpisodeTranscript } from "../../../../src/components/playback/episode-transcript"
import { createPlaybackControl } from "../../../../src/playback/playback-control"

const SRC = "https://player.vimeo.com/video/760001002"
const ENGLISH = {
  language: "en",
  label: "English",
  paragraphs: [
    { start: 0, text: "Welcome to the class." },
    { start: 64.8, text: "Now hold the plank." },
  ],
}
const FRENCH = { language: "fr", label: "Français", paragraphs: [{ start: 0, text: "Bienvenue au cours." }] }

function drawn(transcripts = [FRENCH, ENGLISH]) {
  const control = createPlaybackControl()
  const playFrom = jest.fn()
  control.attach(playFrom)
  const { container } = render(<EpisodeTranscript transcripts={transcripts} src={SRC} control={control} />)
  return { container, playFrom }
}

describe("EpisodeTranscript", () => {
  it("is a Transcript disclosure holding the page's language, marked, with each paragraph's moment as a link", () => {
    const { container } = drawn()
    const outer = container.querySelector("details")!
    expect(outer.querySelector(":scope > summary")).toHaveTextContent(/^Transcript$/)
    const english = outer.querySelector(':scope > [lang="en"]')!
    expect(english).toHaveTextContent("Welcome to the class.")
    const stamp = screen.getByRole("link", { name: "Play from 1:04" })
    expect(stamp).toHaveAttribute("href", `${SRC}?autoplay=1#t=64s`)
    expect(english).toContainElement(stamp)
    expect(stamp.closest("p")).toHaveTextContent("Now hold the plank.")
  })

  it("puts each other language behind a disclosure of its own, named by the host's label and marked", () => {
    const { container } = drawn()
    const french = [...container.querySelectorAll("details details")]
    expect(french).toHaveLength(1)
    expect(french[0]!.querySelector("summary")).toHaveTextContent("Français")
    expect(french[0]).toHaveAttribute("lang", "fr")
    expect(french[0]!.querySelector('[lang="fr"]')).toHaveTextContent("Bienvenue au cours.")
  })

  it("plays from a paragraph's moment in the page", () => {
    const { playFrom } = drawn()
    fireEvent.click(screen.getByRole("link", { name: "Play from 1:04" }))
    expect(playFrom).toHaveBeenCalledWith(64)
  })

  it("shows the only transcript there is, whatever its language, and nothing without one", () => {
    const { container } = drawn([FRENCH])
    expect(container.querySelector("details > [lang='fr']")).toHaveTextContent("Bienvenue")
    expect(container.querySelectorAll("details details")).toHaveLength(0)
    expect(drawn([]).container).toBeEmptyDOMElement()
  })
})
