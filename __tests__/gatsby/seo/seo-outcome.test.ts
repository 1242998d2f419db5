import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { SeoOutcome } from "../../../gatsby/seo/post-build-outputs"
import { handOverSeoOutcome, takeSeoOutcome } from "../../../gatsby/seo/seo-outcome-file"

let cacheDirectory: string
beforeEach(() => {
  cacheDirectory = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "seo-outcome-")), "not-made-yet")
})
afterEach(() => fs.rmSync(path.dirname(cacheDirectory), { recursive: true, force: true }))

const outcome: SeoOutcome = {
  site: { siteUrl: "https://moveflix.example", siteName: "MoveFlix TV", allowIndexing: true } as SeoOutcome["site"],
  rows: [{ path: "/detail/1/", robots: "index", inSitemap: false } as SeoOutcome["rows"][number]],
  sitemap: [{ url: "/detail/1/", lastmod: "2026-11-30T10:00:00.000Z" }],
}

describe("the SEO decisions createPages hands the post-build step", () => {
  it("arrive as they were sent, in a cache folder not made yet", async () => {
    await handOverSeoOutcome(cacheDirectory, outcome)
    await expect(takeSeoOutcome(cacheDirectory)).resolves.toEqual(outcome)
  })

  it("are taken once: a build whose createPages sent none never reads another build's", async () => {
    await handOverSeoOutcome(cacheDirectory, outcome)
    await takeSeoOutcome(cacheDirectory)
    await expect(takeSeoOutcome(cacheDirectory)).resolves.toBeUndefined()
  })

  it("are none when nothing was sent, or what was sent cannot be read", async () => {
    await expect(takeSeoOutcome(cacheDirectory)).resolves.toBeUndefined()
    fs.mkdirSync(cacheDirectory, { recursive: true })
    fs.writeFileSync(path.join(cacheDirectory, "seo-outcome.json"), '{"site":')
    await expect(takeSeoOutcome(cacheDirectory)).resolves.toBeUndefined()
  })
})
