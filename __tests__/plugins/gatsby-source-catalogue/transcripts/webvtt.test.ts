import { NotWebVtt, parseWebVtt, vttTimestamp } from "../../../../plugins/gatsby-source-catalogue/src/transcripts/webvtt"

describe("vttTimestamp", () => {
  it("reads hh:mm:ss.ttt (hours of two digits or more) and mm:ss.ttt in seconds", () => {
    expect(vttTimestamp("00:01:02.500")).toBe(62.5)
    expect(vttTimestamp("01:02.003")).toBe(62.003)
    expect(vttTimestamp("123:00:00.000")).toBe(123 * 3600)
  })

  it("refuses what the standard does not allow", () => {
    for (const bad of ["1:02.000", "00:60.000", "00:00:61.000", "00:01.5", "00:01,500", "00:01.5000", "", "-00:01.000"]) expect(vttTimestamp(bad)).toBeNull()
  })
})

describe("parseWebVtt", () => {
  it("reads cues with and without identifiers, multi-line payloads kept as written, settings ignored", () => {
    const file = [
      "WEBVTT - a title in the header",
      "Kind: captions",
      "",
      "intro",
      "00:00:01.000 --> 00:00:04.000 align:start position:10%",
      "<v Instructor>Welcome to <i>Sunrise Yoga</i>.",
      "Find a quiet spot.",
      "",
      "00:05.250 --> 00:07.000",
      "Breathe in &amp; out.",
      "",
    ].join("\n")
    expect(parseWebVtt(file)).toEqual({
      cues: [
        { id: "intro", start: 1, end: 4, payload: "<v Instructor>Welcome to <i>Sunrise Yoga</i>.\nFind a quiet spot." },
        { id: null, start: 5.25, end: 7, payload: "Breathe in &amp; out." },
      ],
      skipped: 0,
    })
  })

  it("skips NOTE, STYLE and REGION blocks, and counts a block without a readable timing line", () => {
    const file = [
      "WEBVTT",
      "",
      "STYLE",
      "::cue(.loud) { color: yellow }",
      "",
      "REGION",
      "id:fred width:40%",
      "",
      "NOTE This is a comment",
      "that runs over two lines --> and has an arrow",
      "",
      "NOTE",
      "",
      "00:01.000 --> 00:02.000",
      "One",
      "",
      "just words",
      "",
      "00:03 --> 00:04.000",
      "Broken timing",
      "",
      "00:05.000 --> 00:06.000",
      "Two",
    ].join("\n")
    const { cues, skipped } = parseWebVtt(file)
    expect(cues.map((cue) => cue.payload)).toEqual(["One", "Two"])
    expect(skipped).toBe(2)
  })

  it("takes CRLF and CR line ends and a byte order mark", () => {
    const lines = ["WEBVTT", "", "a", "00:01.000 --> 00:02.000", "One", "two", "", "00:03.000 --> 00:04.000", "Three"]
    for (const end of ["\r\n", "\r"]) {
      expect(parseWebVtt(`\ufeff${lines.join(end)}${end}`).cues).toEqual([
        { id: "a", start: 1, end: 2, payload: "One\ntwo" },
        { id: null, start: 3, end: 4, payload: "Three" },
      ])
    }
  })

  it("starts a new cue at a payload line holding -->, as the standard does", () => {
    const { cues } = parseWebVtt("WEBVTT\n\n00:01.000 --> 00:02.000\nOne\n00:03.000 --> 00:04.000\nTwo")
    expect(cues.map(({ start, payload }) => [start, payload])).toEqual([
      [1, "One"],
      [3, "Two"],
    ])
  })

  it("keeps a cue that ends before it starts as an instant, and a NUL as U+FFFD", () => {
    const { cues } = parseWebVtt("WEBVTT\n\n00:05.000 --> 00:01.000\nA\u0000B")
    expect(cues).toEqual([{ id: null, start: 5, end: 5, payload: "A\ufffdB" }])
  })

  it("reads a file that is all header, or ends after its last cue's timing line, as what it holds", () => {
    expect(parseWebVtt("WEBVTT").cues).toEqual([])
    expect(parseWebVtt("WEBVTT\n\n\n\n").cues).toEqual([])
    expect(parseWebVtt("WEBVTT\n\n00:01.000 --> 00:02.000").cues).toEqual([{ id: null, start: 1, end: 2, payload: "" }])
  })

  it("refuses a file without the WEBVTT signature: an HTML page, JSON, SRT, a near miss", () => {
    for (const text of ["<!doctype html><p>Not found</p>", '{"error":"no"}', "1\n00:00:01,000 --> 00:00:02,000\nHi", "WEBVTTX\n", " WEBVTT\n", ""]) {
      expect(() => parseWebVtt(text)).toThrow(NotWebVtt)
    }
  })
})
