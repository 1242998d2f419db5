import type { Thing, WithContext } from "schema-dts"
import { serializeJsonLd } from "../../../src/seo/json-ld"
import { breadcrumbList, isoDuration, keyMoments, organization, structuredDataTypes, videoObject, type VideoFacts } from "../../../gatsby/seo/structured-data"

describe("isoDuration", () => {
  it.each([
    [0, "PT0S"],
    [59, "PT59S"],
    [60, "PT1M"],
    [754, "PT12M34S"],
    [3600, "PT1H"],
    [3725, "PT1H2M5S"],
    [7260, "PT2H1M"],
  ])("writes %p seconds as %p", (seconds, iso) => {
    expect(isoDuration(seconds)).toBe(iso)
  })

  it("rounds fractions of a second and never goes negative", () => {
    expect(isoDuration(59.6)).toBe("PT1M")
    expect(isoDuration(-5)).toBe("PT0S")
  })
})

describe("serializeJsonLd", () => {
  const hostile = {
    "@context": "https://schema.org",
    "@type": "VideoObject",
    name: "</script><script>alert(1)</script>",
    description: "<!-- a comment --> and a </SCRIPT > in capitals, & an ampersand > a bracket",
    url: "https://moveflix.example/detail/1/",
  } as WithContext<Thing>

  it("cannot end the script element or open a comment, whatever the values hold", () => {
    const json = serializeJsonLd(hostile)
    expect(json).not.toContain("<")
    expect(json.toLowerCase()).not.toContain("</script")
    expect(json).not.toContain("<!--")
  })

  it("parses back to the original object", () => {
    expect(JSON.parse(serializeJsonLd(hostile))).toEqual(hostile)
  })

  it("escapes the line and paragraph separators, and still parses back to them", () => {
    const object = { "@context": "https://schema.org", "@type": "Thing", name: "one\u2028two\u2029three" } as WithContext<Thing>
    const json = serializeJsonLd(object)
    expect(json).not.toMatch(/[\u2028\u2029]/)
    expect(json).toContain("\\u2028")
    expect(json).toContain("\\u2029")
    expect(JSON.parse(json)).toEqual(object)
  })

  it("gives back every kind of object the pages carry, schema.org context included", () => {
    const objects = [
      breadcrumbList([{ name: "Home <b>", url: "https://moveflix.example/" }]),
      organization("MoveFlix", "https://moveflix.example/", null, []),
      videoObject({
        name: "A </script>",
        description: "d",
        thumbnailUrls: ["https://moveflix.example/a.jpg"],
        uploadDate: "2024-03-01T10:00:00.000Z",
        durationSeconds: 754,
        embedUrl: null,
        pageUrl: "https://moveflix.example/detail/1/",
      }),
    ]
    for (const object of objects) {
      const parsed = JSON.parse(serializeJsonLd(object))
      expect(parsed["@context"]).toBe("https://schema.org")
      expect(parsed).toEqual(object)
    }
    expect(structuredDataTypes(objects)).toEqual(["BreadcrumbList", "Organization", "VideoObject"])
  })
})

describe("key moments and transcript", () => {
  const PAGE = "https://moveflix.example/detail/12/"
  const video = (over: Partial<VideoFacts> = {}): VideoFacts => ({
    name: "Plank Basics",
    description: "d",
    thumbnailUrls: ["https://moveflix.example/a.jpg"],
    uploadDate: "2024-03-01T10:00:00.000Z",
    durationSeconds: 300,
    embedUrl: null,
    pageUrl: PAGE,
    ...over,
  })

  it("makes each chapter a Clip: its title, start and end in seconds, the page at its start", () => {
    const chapters = [
      { start: 0, end: 90, title: "Warm-up" },
      { start: 90, end: 300, title: "Plank" },
    ]
    expect(videoObject(video({ chapters })).hasPart).toEqual([
      { "@type": "Clip", name: "Warm-up", startOffset: 0, endOffset: 90, url: `${PAGE}?t=0` },
      { "@type": "Clip", name: "Plank", startOffset: 90, endOffset: 300, url: `${PAGE}?t=90` },
    ])
  })

  it("leaves out what Google refuses: a Clip without a name, a second Clip at the same start, an end not after the start", () => {
    const clips = keyMoments(
      [
        { start: 0, end: 30, title: "  " },
        { start: 30, end: 60, title: "One" },
        { start: 30, end: 60, title: "One again" },
        { start: 60, end: 60, title: "Two" },
      ],
      PAGE,
    )
    expect(clips).toEqual([
      { "@type": "Clip", name: "One", startOffset: 30, endOffset: 60, url: `${PAGE}?t=30` },
      { "@type": "Clip", name: "Two", startOffset: 60, url: `${PAGE}?t=60` },
    ])
  })

  it("carries the transcript as text, and neither property when the host gave nothing", () => {
    expect(videoObject(video({ transcript: "Hello.\nBreathe in." })).transcript).toBe("Hello.\nBreathe in.")
    const bare = videoObject(video({ chapters: [], transcript: null }))
    expect("hasPart" in bare || "transcript" in bare).toBe(false)
  })
})
