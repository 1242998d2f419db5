import { handOver } from "../../../gatsby/build-steps/hand-over"
import { playerLinksOf } from "../../../gatsby/security/player-links"

const decisions = { rows: [{ path: "/detail/1/", robots: "index" }], sitemap: [{ url: "/detail/1/", lastmod: "2026-11-30T10:00:00.000Z" }] }

describe("what createPages hands the post-build step", () => {
  it("arrives as it was given", () => {
    const outcome = handOver<typeof decisions>()
    outcome.give(decisions)
    expect(outcome.take()).toEqual(decisions)
  })

  it("is taken once: a post-build step after a createPages that gave nothing finds nothing", () => {
    const outcome = handOver<typeof decisions>()
    outcome.give(decisions)
    outcome.take()
    expect(outcome.take()).toBeUndefined()
  })

  it("is the last given, and each hand-over holds its own", () => {
    const outcome = handOver<typeof decisions>()
    const other = handOver<string[]>()
    outcome.give({ ...decisions, sitemap: [] })
    outcome.give(decisions)
    other.give(["https://player.example/video/1"])
    expect(outcome.take()).toEqual(decisions)
    expect(other.take()).toEqual(["https://player.example/video/1"])
  })
})

describe("the player links handed to the security headers", () => {
  it("are every episode's link once, without the episodes that have none", () => {
    const episodes = [
      { playerEmbedUrl: "https://player.example/video/1" },
      { playerEmbedUrl: null },
      { playerEmbedUrl: "https://player.example/video/1" },
      { playerEmbedUrl: "https://other.example/embed/2" },
      {},
    ]
    expect(playerLinksOf(episodes)).toEqual(["https://player.example/video/1", "https://other.example/embed/2"])
  })
})
