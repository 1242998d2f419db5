import type { SeoOutcome } from "../../../gatsby/seo/post-build-outputs"
import { handOverSeoOutcome, takeSeoOutcome } from "../../../gatsby/seo/seo-outcome"

const outcome: SeoOutcome = {
  site: { siteUrl: "https://moveflix.example", siteName: "MoveFlix TV", allowIndexing: true } as SeoOutcome["site"],
  rows: [{ path: "/detail/1/", robots: "index", inSitemap: false } as SeoOutcome["rows"][number]],
  sitemap: [{ url: "/detail/1/", lastmod: "2026-11-30T10:00:00.000Z" }],
}

describe("the SEO decisions createPages hands the post-build step", () => {
  it("arrive as they were sent", () => {
    handOverSeoOutcome(outcome)
    expect(takeSeoOutcome()).toEqual(outcome)
  })

  it("are taken once: a post-build step after a createPages that sent none finds none", () => {
    handOverSeoOutcome(outcome)
    takeSeoOutcome()
    expect(takeSeoOutcome()).toBeUndefined()
  })

  it("are the last sent", () => {
    handOverSeoOutcome({ ...outcome, sitemap: null })
    handOverSeoOutcome(outcome)
    expect(takeSeoOutcome()).toEqual(outcome)
  })
})
