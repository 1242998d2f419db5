import { ANSWERS, Category, Changes, Episode, SearchGroup, SiteSettings, Video, WebhookBody } from "../../contract/schemas"

describe("the contract schemas", () => {
  it("take what catalogue-api.md allows any backend to send: null or missing text and lists, string ids", () => {
    expect(Category.safeParse({ id: "c-1", title: null, images: null }).success).toBe(true)
    expect(Episode.safeParse({ id: 1, series_id: "s-1", episode: null, video_id: 7 }).success).toBe(true)
    expect(SearchGroup.safeParse({ id: 1, title: "Fitness", series: [] }).success).toBe(true)
    expect(SiteSettings.safeParse({}).success).toBe(true)
  })

  it("refuse an entity without an id, or with an empty one", () => {
    expect(Category.safeParse({ title: "x" }).success).toBe(false)
    expect(Category.safeParse({ id: "" }).success).toBe(false)
  })

  it("read marketing metadata where a backend sends it", () => {
    const seo = { title: "T", description: "D", image: { path: "/s.jpg", alt: "A" }, canonical_url: "https://x/y", noindex: true }
    expect(Category.parse({ id: 1, seo }).seo).toEqual(seo)
    expect(Category.safeParse({ id: 1, seo: { noindex: "yes" } }).success).toBe(false)
  })

  it("drop fields the contract does not name, except on the video host's answer", () => {
    expect(Category.parse({ id: 1, colour: "red" })).toEqual({ id: 1 })
    expect(Video.parse({ player_embed_url: "https://p/1", uri: "/videos/1" })).toEqual({ player_embed_url: "https://p/1", uri: "/videos/1" })
  })

  it("need everything in the changes feed and the webhook, which cannot say what changed otherwise", () => {
    const ref = { type: "episode", id: 1001 }
    expect(Changes.safeParse({ now: "2026-01-01T00:00:00Z", changed: [ref], deleted: [{ type: "site-settings", id: null }] }).success).toBe(true)
    expect(Changes.safeParse({ now: "2026-01-01T00:00:00Z", changed: [ref] }).success).toBe(false)
    expect(WebhookBody.safeParse({ event: "publish", refs: [ref] }).success).toBe(true)
    expect(WebhookBody.safeParse({ event: "delete", refs: [ref] }).success).toBe(false)
    expect(WebhookBody.safeParse({ event: "publish", refs: [{ type: "page", id: 1 }] }).success).toBe(false)
  })

  it("wrap every answer in { data } but the statistics' bare list", () => {
    expect(ANSWERS.categories.safeParse({ data: [{ id: 1 }] }).success).toBe(true)
    expect(ANSWERS.categories.safeParse([{ id: 1 }]).success).toBe(false)
    expect(ANSWERS.categoryStatistics.safeParse([{ title: "Fitness", total_videos: 3 }]).success).toBe(true)
    expect(ANSWERS.categoryStatistics.safeParse({ data: [] }).success).toBe(false)
  })
})
