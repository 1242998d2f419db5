import { contentDigest } from "../../../node-kit/storage/content-digest"

/** An episode node's content as the source plugin builds it, with a transcript. */
const episode = () => ({
  _id: "1002",
  title: "Power and Control",
  chapters: [{ startSeconds: 0, title: "Warm-up" }],
  transcripts: [{ language: "en", paragraphs: [{ startSeconds: 0, text: "Welcome back." }] }],
  seo: null,
  draft: false,
})

describe("contentDigest", () => {
  it("is the same for content built the same way, on every build", () => {
    expect(contentDigest(episode())).toBe(contentDigest(episode()))
    expect(contentDigest(episode())).toMatch(/^[0-9a-f]{32}$/)
  })

  it("changes with any value, however deep: a word of a transcript, a null, a false, an array's order", () => {
    const digest = contentDigest(episode())
    const changed = [
      { ...episode(), transcripts: [{ language: "en", paragraphs: [{ startSeconds: 0, text: "Welcome back!" }] }] },
      { ...episode(), seo: {} },
      { ...episode(), draft: true },
      { ...episode(), chapters: [...episode().chapters, { startSeconds: 60, title: "Main set" }] },
      { ...episode(), chapters: [{ startSeconds: "0", title: "Warm-up" }] },
    ]
    for (const content of changed) expect(contentDigest(content)).not.toBe(digest)
    const two = [{ title: "a" }, { title: "b" }]
    expect(contentDigest({ items: two })).not.toBe(contentDigest({ items: [...two].reverse() }))
  })
})
