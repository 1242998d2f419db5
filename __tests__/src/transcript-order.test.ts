import { orderTranscripts, transcriptText } from "../../src/transcript-order"

const track = (language: string, label = language, paragraphs = [{ start: 0, text: `${language} words` }]) => ({ language, label, paragraphs })

describe("orderTranscripts", () => {
  it("puts the page's language first, its exact tag before another region's, the rest in the host's order", () => {
    const order = (tags: string[]) =>
      orderTranscripts(
        tags.map((tag) => track(tag)),
        "en",
      ).map((transcript) => transcript.language)
    expect(order(["fr", "es", "en"])).toEqual(["en", "fr", "es"])
    expect(order(["fr", "en-GB", "EN", "de"])).toEqual(["EN", "en-GB", "fr", "de"])
    expect(order(["fr", "en-US", "en-GB"])).toEqual(["en-US", "en-GB", "fr"])
    expect(order(["fr", "de"])).toEqual(["fr", "de"])
    expect(order([])).toEqual([])
  })

  it("leaves the host's list as it was", () => {
    const tracks = [track("fr"), track("en")]
    orderTranscripts(tracks, "en")
    expect(tracks.map((transcript) => transcript.language)).toEqual(["fr", "en"])
  })
})

describe("transcriptText", () => {
  it("is the paragraphs, one a line, without blank ones; null when there are no words", () => {
    expect(
      transcriptText(
        track("en", "English", [
          { start: 0, text: " Hello. " },
          { start: 4, text: "  " },
          { start: 9, text: "Breathe in." },
        ]),
      ),
    ).toBe("Hello.\nBreathe in.")
    expect(transcriptText(track("en", "English", []))).toBeNull()
    expect(transcriptText(undefined)).toBeNull()
  })
})
