import { chaptersOf, clockTime } from "../../../../plugins/gatsby-source-catalogue/src/videos/chapters"

describe("chaptersOf", () => {
  it("sorts the chapters, starts them on whole seconds and ends each where the next begins, the last at the video's end", () => {
    const dropped: string[] = []
    expect(
      chaptersOf(
        [
          { start: 420.9, title: "Cool-down" },
          { start: 0, title: "Warm-up" },
          { start: 61.2, title: "First routine" },
        ],
        600,
        dropped,
      ),
    ).toEqual([
      { start: 0, end: 61, title: "Warm-up" },
      { start: 61, end: 420, title: "First routine" },
      { start: 420, end: 600, title: "Cool-down" },
    ])
    expect(dropped).toEqual([])
  })

  it("keeps one chapter per second, the earliest, without a word", () => {
    const dropped: string[] = []
    expect(
      chaptersOf(
        [
          { start: 10, title: "Again" },
          { start: 10.6, title: "Later" },
          { start: 10, title: "Twice" },
          { start: 0, title: "Start" },
        ],
        60,
        dropped,
      ),
    ).toEqual([
      { start: 0, end: 10, title: "Start" },
      { start: 10, end: 60, title: "Again" },
    ])
    expect(dropped).toEqual([])
  })

  it("leaves out, and names, a chapter outside the video or without a title once made plain text", () => {
    const dropped: string[] = []
    const chapters = chaptersOf(
      [
        { start: -5, title: "Before" },
        { start: 0, title: "Warm-up" },
        { start: 600, title: "At the end" },
        { start: 30, title: "<script>x</script>" },
        { start: 40, title: "<b>Bold</b> &amp; plain\u0000" },
      ],
      600,
      dropped,
    )
    expect(chapters).toEqual([
      { start: 0, end: 40, title: "Warm-up" },
      { start: 40, end: 600, title: "Bold & plain" },
    ])
    expect(dropped).toEqual([
      'the chapter "Before" at -5 s, outside the video (0 to 10:00)',
      "the chapter at 0:30, which has no title",
      'the chapter "At the end" at 600 s, outside the video (0 to 10:00)',
    ])
  })

  it("keeps none without a duration to end them, and says so", () => {
    const dropped: string[] = []
    expect(chaptersOf([{ start: 0, title: "Warm-up" }], null, dropped)).toEqual([])
    expect(dropped).toEqual(["its 1 chapters, since it gives no duration to end the last one"])
    expect(chaptersOf([], null, dropped)).toEqual([])
    expect(dropped).toHaveLength(1)
  })
})

describe("clockTime", () => {
  it("reads as a player shows time", () => {
    expect([clockTime(0), clockTime(65), clockTime(3725.9)]).toEqual(["0:00", "1:05", "1:02:05"])
  })
})
