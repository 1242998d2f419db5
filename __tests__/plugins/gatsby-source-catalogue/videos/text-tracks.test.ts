import { textTracksOf } from "../../../../plugins/gatsby-source-catalogue/src/videos/text-tracks"

const VIDEO_API = "http://video.test/video-host"

describe("textTracksOf", () => {
  it("resolves a relative URL below VIDEO_API_URL, its path kept, and takes an absolute one as it is", () => {
    const dropped: string[] = []
    expect(
      textTracksOf(
        [
          { language: "en", label: "English (CC)", kind: "captions", url: "/videos/1/texttracks/en.vtt" },
          { language: "es-419", label: "Español", kind: "subtitles", url: "https://captions.test/1/es.vtt?token=abc" },
          { language: "de", label: "Deutsch", kind: "subtitles", url: "//captions.test/1/de.vtt" },
        ],
        VIDEO_API,
        dropped,
      ),
    ).toEqual([
      { language: "en", label: "English (CC)", kind: "captions", url: `${VIDEO_API}/videos/1/texttracks/en.vtt` },
      { language: "es-419", label: "Español", kind: "subtitles", url: "https://captions.test/1/es.vtt?token=abc" },
      { language: "de", label: "Deutsch", kind: "subtitles", url: "http://captions.test/1/de.vtt" },
    ])
    expect(dropped).toEqual([])
  })

  it("keeps one track per language: its captions over its subtitles, else the first listed", () => {
    const tracks = textTracksOf(
      [
        { language: "en", label: "English", kind: "subtitles", url: "/en-sub.vtt" },
        { language: "fr", label: "Français", kind: "subtitles", url: "/fr-1.vtt" },
        { language: "EN", label: "English (CC)", kind: "captions", url: "/en-cc.vtt" },
        { language: "fr", label: "Français 2", kind: "subtitles", url: "/fr-2.vtt" },
      ],
      VIDEO_API,
      [],
    )
    expect(tracks.map((track) => track.url.replace(VIDEO_API, ""))).toEqual(["/en-cc.vtt", "/fr-1.vtt"])
  })

  it("leaves out, and names, a track whose language is no BCP 47 tag or whose URL is not http(s); a blank label becomes the language", () => {
    const dropped: string[] = []
    const tracks = textTracksOf(
      [
        { language: 'en" onload="x', label: "Bad", kind: "captions", url: "/a.vtt" },
        { language: "it", label: "Italiano", kind: "captions", url: "javascript:alert(1)" },
        { language: "pt", label: "  <b></b> ", kind: "captions", url: "/pt.vtt" },
      ],
      VIDEO_API,
      dropped,
    )
    expect(tracks).toEqual([{ language: "pt", label: "pt", kind: "captions", url: `${VIDEO_API}/pt.vtt` }])
    expect(dropped).toEqual(['the text track "Bad", whose language "en\\" onload=\\"x" is no BCP 47 tag', "the it text track, whose URL is not http or https"])
  })
})
