import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { pageSnapshot, siteDifferences, snapshotSite, type SiteSnapshot } from "./helpers/site-snapshot"

// The comparison same-site.test.ts makes of two builds: it tells the
// differences a visitor or a crawler would notice, and only those.

interface PageParts {
  title?: string
  description?: string
  text?: string
  link?: string
  picture?: string
  modified?: string
}

function page({
  title = "Power and Control | MoveFlix",
  description = "Episode 4.",
  text = "<p>Hip circles &amp; ankle rolls</p>",
  link = "/series/101/",
  picture = "/_gatsby/image/abc/episode-1002-400w.webp",
  modified = "2026-01-01T00:00:00.000Z",
}: PageParts = {}): string {
  const jsonLd = {
    "@type": "VideoObject",
    name: "Power and Control",
    thumbnailUrl: [`https://site.example${picture}`],
    dateModified: modified,
    uploadDate: "2024-07-11T09:00:00.000Z",
  }
  return `<!DOCTYPE html><html><head><title>${title}</title><meta name="description" content="${description}"/>
    <meta property="og:image" content="https://site.example${picture}"/><meta property="og:image:width" content="1200"/><meta property="og:image:alt" content="A coach"/>
    <link rel="canonical" href="https://site.example/detail/1002/"/><link rel="stylesheet" href="/styles.${picture.length}.css"/>
    <script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head>
    <body><h1>Power and Control</h1><picture><source srcset="${picture} 400w"/><img src="${picture}" alt="Power and Control"/></picture>
    <div>${text}</div><a href="${link}">30-Day HIIT Challenge</a><script>window.x = "${picture}"</script></body></html>`
}

const site = (pages: Record<string, string>): SiteSnapshot => ({ pages: Object.fromEntries(Object.entries(pages).map(([where, html]) => [where, pageSnapshot(html)])), files: {} })
const aspects = (a: SiteSnapshot, b: SiteSnapshot) => siteDifferences(a, b).map(({ where, aspect }) => `${where} ${aspect}`)

describe("comparing two builds' pages", () => {
  it("finds none between pages that differ in their pictures, scripts, stamps and how their HTML spells the same text", () => {
    const other = page({ picture: "/_gatsby/image/def/episode_1002_76cbcaa6f9-800w.webp", modified: "2026-02-02T10:00:00.000Z", text: "<p>Hip circles &#38; ankle rolls</p>\n" })
    expect(siteDifferences(site({ "/detail/1002/": page() }), site({ "/detail/1002/": other }))).toEqual([])
  })

  it("names the page and the words where its visible text differs", () => {
    const [difference] = siteDifferences(site({ "/detail/1002/": page() }), site({ "/detail/1002/": page({ text: "<p>Hip circles and ankle rolls</p>" }) }))
    expect(difference).toEqual({ where: "/detail/1002/", aspect: "text", what: expect.stringMatching(/Hip circles & ankle.*against.*Hip circles and ankle/) })
  })

  it("tells a changed link, title, description and published date apart", () => {
    const before = site({ "/detail/1002/": page() })
    expect(aspects(before, site({ "/detail/1002/": page({ link: "/series/102/" }) }))).toEqual(["/detail/1002/ links"])
    expect(aspects(before, site({ "/detail/1002/": page({ title: "Power | MoveFlix" }) }))).toEqual(["/detail/1002/ seo"])
    expect(aspects(before, site({ "/detail/1002/": page({ description: "Episode four." }) }))).toEqual(["/detail/1002/ seo"])
    const uploadedLater = page().replace("2024-07-11", "2024-07-12")
    expect(aspects(before, site({ "/detail/1002/": uploadedLater }))).toEqual(["/detail/1002/ jsonLd"])
  })

  it("lists a page only one build has", () => {
    const [difference] = siteDifferences(site({ "/": page(), "/detail/1002/": page() }), site({ "/": page() }))
    expect(difference).toEqual({ where: "(every page)", aspect: "pages", what: expect.stringContaining('only in the first: ["/detail/1002/"]') })
  })
})

describe("a built site's snapshot", () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-snapshot-"))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("reads every page by its address, the sitemap's entries with pictures and stamps as present, and puts in the placeholders", () => {
    fs.mkdirSync(path.join(dir, "detail", "1002"), { recursive: true })
    fs.writeFileSync(path.join(dir, "detail", "1002", "index.html"), page({ link: "http://127.0.0.1:1337/api/subscribe" }))
    fs.writeFileSync(path.join(dir, "404.html"), page())
    const entry =
      "<url><loc>https://site.example/detail/1002/</loc><lastmod>2026-01-01T00:00:00.000Z</lastmod><video:video><video:thumbnail_loc>https://site.example/x.jpg</video:thumbnail_loc><video:title>Power</video:title></video:video></url>"
    fs.writeFileSync(path.join(dir, "sitemap-0.xml"), `<?xml version="1.0"?><urlset>${entry}</urlset>`)
    const snapshot = snapshotSite(dir, { placeholders: { "http://127.0.0.1:1337/api": "{api}" } })
    expect(Object.keys(snapshot.pages).sort()).toEqual(["/404.html", "/detail/1002/"])
    expect(snapshot.pages["/detail/1002/"]!.links).toEqual(["{api}/subscribe → 30-Day HIIT Challenge"])
    expect(snapshot.files["sitemap-0.xml"]).toEqual([
      { loc: ["https://site.example/detail/1002/"], lastmod: ["{date}"], "video:thumbnail_loc": ["{picture}"], "video:title": ["Power"] },
    ])
  })
})
