import { PARAGRAPH_BREAKS, paragraphsOf, type TimedWords } from "../../../../plugins/gatsby-source-catalogue/src/transcripts/paragraphs"

/** A cue of `seconds` from `start`, said by nobody in particular unless given. */
const cue = (start: number, text: string, speaker: string | null = null, seconds = 2): TimedWords => ({ start, end: start + seconds, text, speaker })

describe("paragraphsOf", () => {
  it("joins cues that follow each other closely into one paragraph that starts with the first", () => {
    expect(paragraphsOf([cue(1.25, "Stand tall."), cue(3.5, "Arms up."), cue(6, "Breathe.")])).toEqual([{ start: 1.25, text: "Stand tall. Arms up. Breathe." }])
  })

  it(`starts a new paragraph after a pause of more than ${PARAGRAPH_BREAKS.pauseSeconds} s`, () => {
    // Two ends at 4.5: 2 s later Three would go on; 2.5 s later it starts afresh.
    expect(paragraphsOf([cue(0, "One."), cue(2.5, "Two."), cue(6.5, "Three.")])).toHaveLength(1)
    expect(paragraphsOf([cue(0, "One."), cue(2.5, "Two."), cue(7, "Three.")])).toEqual([
      { start: 0, text: "One. Two." },
      { start: 7, text: "Three." },
    ])
  })

  it(`starts a new paragraph after ${PARAGRAPH_BREAKS.maxCues} cues, and once one spans ${PARAGRAPH_BREAKS.maxSeconds} s`, () => {
    const steady = Array.from({ length: 8 }, (_, n) => cue(n * 2, `Cue ${n}.`))
    expect(paragraphsOf(steady).map((paragraph) => paragraph.start)).toEqual([0, 12])
    const slow = Array.from({ length: 5 }, (_, n) => cue(n * 20, `Long ${n}.`, null, 20))
    expect(paragraphsOf(slow).map((paragraph) => paragraph.start)).toEqual([0, 60])
  })

  it("starts a new paragraph at a chapter's start", () => {
    const cues = [cue(0, "Warm up."), cue(2, "Keep going."), cue(4, "First move.")]
    expect(paragraphsOf(cues, [0, 3]).map((paragraph) => paragraph.text)).toEqual(["Warm up. Keep going.", "First move."])
    expect(paragraphsOf(cues, [4]).map((paragraph) => paragraph.text)).toEqual(["Warm up. Keep going.", "First move."])
  })

  it("names a voice where it changes, each in a paragraph of its own; a cue without a voice goes on with the last", () => {
    const cues = [cue(0, "Welcome!", "Host"), cue(2, "Tonight, three crews."), cue(4, "Let's go!", "Crew"), cue(6, "Thanks, crews.", "Host"), cue(8, "See you.", "Host")]
    expect(paragraphsOf(cues)).toEqual([
      { start: 0, text: "Host: Welcome! Tonight, three crews." },
      { start: 4, text: "Crew: Let's go!" },
      { start: 6, text: "Host: Thanks, crews. See you." },
    ])
  })

  it("reads cues in time order, leaves out those without words and roll-up repeats, and rounds starts to the millisecond", () => {
    const cues = [cue(4, "Second."), cue(0.12345, "First."), cue(1, ""), cue(1.5, "First.")]
    expect(paragraphsOf(cues)).toEqual([{ start: 0.123, text: "First. Second." }])
  })

  it("gives nothing for no cues", () => {
    expect(paragraphsOf([])).toEqual([])
  })
})
