import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { BreadcrumbList, ListItem, VideoObject } from "schema-dts"
import { createPages } from "../../../gatsby-node"
import { seoOutcome, type SeoOutcome } from "../../../gatsby/seo/post-build-outputs"
import { playerLinks } from "../../../gatsby/security/player-links"
import type { PageHead } from "../../../src/seo/page-head"
import { EPISODE_DESCRIPTION, SITE_URL, catalogueData, cmsSiteSettings, resized, sourcedSeo, type CatalogueOptions } from "./catalogue-fixture"

// gatsby-node's createPages with Gatsby's arguments faked: the query answers
// a small catalogue, the actions, the node store, the cache and the reporter
// record what they are asked. Nothing of gatsby/seo is mocked.

type CreatePagesArgs = Parameters<NonNullable<typeof createPages>>[0]

interface CreatedPage {
  path: string
  component: string
  context: Record<string, unknown>
}

interface HeadNode {
  id: string
  path: string
  head: PageHead
  internal: { type: string; contentDigest: string }
}

/** Gatsby's store as far as createPages uses it: a node's digest decides whether it changed. */
function nodeStore() {
  const nodes = new Map<string, HeadNode>()
  const written: string[] = []
  return {
    nodes,
    written,
    createNode: jest.fn((node: HeadNode) => {
      if (nodes.get(node.id)?.internal.contentDigest !== node.internal.contentDigest) written.push(node.path)
      nodes.set(node.id, node)
    }),
    deleteNode: jest.fn((node: HeadNode) => void nodes.delete(node.id)),
    getNode: (id: string) => nodes.get(id),
    getNodesByType: (type: string) => [...nodes.values()].filter((node) => node.internal.type === type),
  }
}

const cacheFolders: string[] = []
afterAll(() => {
  for (const folder of cacheFolders) fs.rmSync(folder, { recursive: true, force: true })
})

function gatsby(answer: { data?: Queries.CreatePagesQuery; errors?: unknown[] }, store = nodeStore()) {
  const reporter = { panicOnBuild: jest.fn(), warn: jest.fn(), info: jest.fn(), activityTimer: () => ({ start: () => undefined, end: () => undefined }) }
  const actions = { createPage: jest.fn(), createNode: store.createNode, deleteNode: store.deleteNode }
  const graphql = jest.fn(async () => answer)
  const cache = { directory: fs.mkdtempSync(path.join(os.tmpdir(), "gatsby-node-seo-")) }
  cacheFolders.push(cache.directory)
  const args = {
    graphql,
    actions,
    reporter,
    cache,
    createNodeId: (seed: string) => `node:${seed}`,
    getNode: store.getNode,
    getNodesByType: store.getNodesByType,
  }
  const created = () => actions.createPage.mock.calls.map(([page]) => page as CreatedPage)
  const headAt = (path: string) => {
    const found = [...store.nodes.values()].filter((node) => node.path === path)
    expect(found).toHaveLength(1)
    return found[0]!.head
  }
  const panics = () => reporter.panicOnBuild.mock.calls.map(([message]) => String(message))
  return { args, reporter, actions, store, created, headAt, panics }
}

async function run(fake: ReturnType<typeof gatsby>) {
  await createPages!(fake.args as unknown as CreatePagesArgs, {} as never, () => undefined)
  const handedOver = seoOutcome.take()
  const players = playerLinks.take()
  const outcome = (): SeoOutcome => {
    if (!handedOver) throw new Error("createPages handed the post-build step no SEO decisions")
    return handedOver
  }
  return { ...fake, outcome, players }
}

const runCreatePages = (options: CatalogueOptions = {}) => run(gatsby({ data: catalogueData(options) }))

const typeOf = (object: unknown) => (object as { "@type"?: string })["@type"]

describe("createPages", () => {
  it("hands the security headers' step every episode's player link", async () => {
    const fake = await runCreatePages()
    expect(fake.players).toEqual(["https://player.video.example/video/555"])
  })

  it("creates every catalogue page with ids in its context and its head in a node at the page's path", async () => {
    const fake = await runCreatePages()
    expect(fake.reporter.panicOnBuild).not.toHaveBeenCalled()
    expect(fake.created().map((page) => page.path)).toEqual([
      "/category/1",
      "/subcategory/11",
      "/series/101",
      "/detail/1001",
      // Where the Subscribe form without JavaScript lands when it was not taken.
      "/subscribe/invalid-address/",
      "/subscribe/not-subscribed/",
      "/subscribe/too-many/",
      "/subscribe/unavailable/",
    ])
    for (const page of fake.created()) expect(Object.keys(page.context)).not.toContain("seo")

    const expected: [string, string, string][] = [
      ["/category/1", "Fitness — MoveFlix TV", `${SITE_URL}/category/1/`],
      ["/subcategory/11", "Strength — MoveFlix TV", `${SITE_URL}/subcategory/11/`],
      ["/series/101", "Core Strength — MoveFlix TV", `${SITE_URL}/series/101/`],
      ["/detail/1001", "Plank Basics — MoveFlix TV", `${SITE_URL}/detail/1001/`],
    ]
    for (const [path, title, canonical] of expected) {
      const seo = fake.headAt(`${path}/`)
      expect({ path, title: seo.title, canonical: seo.canonical, noindex: seo.noindex, listed: seo.sitemap.listed }).toEqual({
        path,
        title,
        canonical,
        noindex: false,
        listed: true,
      })
      expect(seo.siteName).toBe("MoveFlix TV")
      expect(seo.twitterSite).toBe("@moveflix")
      expect(seo.image?.url).toMatch(new RegExp(`^${SITE_URL}/static/`))
    }
  })

  it("gives the episode page its video, picture and breadcrumbs, all absolute", async () => {
    const seo = (await runCreatePages()).headAt("/detail/1001/")
    expect(seo.ogType).toBe("video.episode")
    expect(seo.description).toBe(EPISODE_DESCRIPTION)
    expect(seo.image).toEqual({ url: `${SITE_URL}/static/episode-1001.jpg`, width: 1200, height: 630, alt: "Plank Basics" })
    const video = seo.structuredData.find((object) => typeOf(object) === "VideoObject") as VideoObject
    expect(video).toMatchObject({
      name: "Plank Basics",
      uploadDate: "2024-03-01T10:00:00.000Z",
      duration: "PT12M34S",
      embedUrl: "https://player.video.example/video/555",
      thumbnailUrl: [`${SITE_URL}/static/episode-1001.jpg`, "https://i.video.example/555_1280.jpg"],
    })
    const crumbs = seo.structuredData.find((object) => typeOf(object) === "BreadcrumbList") as BreadcrumbList
    expect((crumbs.itemListElement as ListItem[]).map((item) => item.item)).toEqual([
      `${SITE_URL}/`,
      `${SITE_URL}/category/1/`,
      `${SITE_URL}/subcategory/11/`,
      `${SITE_URL}/series/101/`,
      `${SITE_URL}/detail/1001/`,
    ])
  })

  it("gives the episode's VideoObject its chapters as key moments and its transcript in the page's language", async () => {
    const paragraphs = (...texts: string[]) => texts.map((text, index) => ({ text, start: index * 10 }))
    const seo = (
      await runCreatePages({
        episode: {
          chapters: [
            { start: 0, end: 95, title: "Warm-up" },
            { start: 95, end: 754, title: "Plank" },
          ],
          transcripts: [
            { language: "fr", paragraphs: paragraphs("Bonjour.") },
            { language: "en-GB", paragraphs: paragraphs("Hello.", "Breathe in.") },
          ],
        },
      })
    ).headAt("/detail/1001/")
    const video = seo.structuredData.find((object) => typeOf(object) === "VideoObject") as VideoObject
    expect(video.hasPart).toEqual([
      { "@type": "Clip", name: "Warm-up", startOffset: 0, endOffset: 95, url: `${SITE_URL}/detail/1001/?t=0` },
      { "@type": "Clip", name: "Plank", startOffset: 95, endOffset: 754, url: `${SITE_URL}/detail/1001/?t=95` },
    ])
    expect(video.transcript).toBe("Hello.\nBreathe in.")
  })

  it("falls back to the built-in name, template and picture when the backend has no site settings", async () => {
    const fake = await runCreatePages({ settings: null })
    expect(fake.reporter.panicOnBuild).not.toHaveBeenCalled()
    const seo = fake.headAt("/series/101/")
    expect(seo.title).toBe("Core Strength | MoveFlix")
    expect(seo.twitterSite).toBeNull()
    const noPicture = (await runCreatePages({ settings: null, episode: { images: [] } })).headAt("/detail/1001/")
    expect(noPicture.image?.url).toBe(`${SITE_URL}/static/home-hero.jpg`)
  })

  it("uses a CMS social image made by the image pipeline, with its alt text", async () => {
    const fake = await runCreatePages({ episodeSeo: sourcedSeo({ image: resized("/static/seo-1001.jpg"), imageAlt: "A plank from the side" }) })
    expect(fake.headAt("/detail/1001/").image).toEqual({
      url: `${SITE_URL}/static/seo-1001.jpg`,
      width: 1200,
      height: 630,
      alt: "A plank from the side",
    })
  })

  it("makes a noindex series noindex and keeps it out of the sitemap", async () => {
    const fake = await runCreatePages({ seriesSeo: sourcedSeo({ noindex: true }) })
    const seo = fake.headAt("/series/101/")
    expect(seo.noindex).toBe(true)
    expect(seo.sitemap.listed).toBe(false)
    expect(fake.outcome().sitemap?.map((entry) => entry.url)).not.toContain("/series/101/")
  })

  it("makes every page noindex when the site settings switch indexing off", async () => {
    const fake = await runCreatePages({ settings: cmsSiteSettings({ allowIndexing: false }) })
    // 4 catalogue pages, 6 under src/pages, 4 the Subscribe form's outcomes.
    expect(fake.store.nodes.size).toBe(14)
    for (const { path, head } of fake.store.nodes.values()) expect([path, head.noindex, head.sitemap.listed]).toEqual([path, true, false])
    expect(fake.outcome().sitemap).toEqual([])
  })

  it("in the preview lane's build gives every page the head it goes live with, and writes no sitemap", async () => {
    const live = await runCreatePages({ settings: cmsSiteSettings({ allowIndexing: true }), episodeSeo: sourcedSeo({ noindex: true }) })
    const preview = await runCreatePages({ settings: cmsSiteSettings({ allowIndexing: true, previewLane: true }), episodeSeo: sourcedSeo({ noindex: true }) })
    expect(preview.headAt("/series/101/")).toMatchObject({ noindex: false, sitemap: { listed: true } })
    expect(preview.headAt("/detail/1001/")).toMatchObject({ noindex: true, sitemap: { listed: false } })
    expect([...preview.store.nodes.values()]).toEqual([...live.store.nodes.values()])
    expect(preview.outcome().sitemap).toBeNull()
    expect(live.outcome().sitemap).not.toBeNull()
  })

  it("fails the build for a javascript: canonical, naming the page, the entity and the field, and never uses it", async () => {
    const fake = await runCreatePages({ episodeSeo: sourcedSeo({ canonicalUrl: "javascript:alert(1)" }) })
    expect(fake.reporter.panicOnBuild).toHaveBeenCalledTimes(1)
    const [message] = fake.panics()
    expect(message).toContain("/detail/1001/")
    expect(message).toContain("episode 1001 (Plank Basics)")
    expect(message).toContain("seo.canonical_url")
    // One problem, on the one page that has it.
    expect(message).not.toContain("/series/101/")
    expect(fake.headAt("/detail/1001/").canonical).toBe(`${SITE_URL}/detail/1001/`)
    expect(JSON.stringify([...fake.store.nodes.values()])).not.toContain("javascript:")
  })

  it("fails the build for an episode whose VideoObject would lack its date, naming the episode", async () => {
    const fake = await runCreatePages({ episode: { videoReleaseTime: null, updatedAt: null } })
    const [message, ...more] = fake.panics()
    expect(more).toEqual([])
    expect(message).toContain("/detail/1001/ (episode 1001 (Plank Basics))")
    expect(message).toContain("uploadDate")
  })

  it.each(["not a url", "", null, "moveflix.example", "ftp://moveflix.example"])(
    "fails the build for the SITE_URL %p, naming SITE_URL, before making any page",
    async (siteUrl) => {
      const fake = await runCreatePages({ siteUrl })
      expect(fake.reporter.panicOnBuild).toHaveBeenCalledTimes(1)
      expect(fake.panics()[0]).toContain("SITE_URL")
      expect(fake.actions.createPage).not.toHaveBeenCalled()
      expect(fake.actions.createNode).not.toHaveBeenCalled()
    },
  )

  it("fails the build when the catalogue cannot be queried", async () => {
    const fake = await run(gatsby({ errors: [new Error("Cannot query field")] }))
    expect(fake.reporter.panicOnBuild).toHaveBeenCalledTimes(1)
    expect(fake.actions.createPage).not.toHaveBeenCalled()
    expect(fake.actions.createNode).not.toHaveBeenCalled()
  })
})

describe("the pages under src/pages", () => {
  it("gives the thank-you page its head, out of the sitemap", async () => {
    const fake = await runCreatePages()
    const seo = fake.headAt("/thank-you/")
    expect(seo.title).toBe("Thank you For Subscribing — MoveFlix TV")
    expect(seo.canonical).toBe(`${SITE_URL}/thank-you/`)
    expect(seo.noindex).toBe(false)
    expect(seo.sitemap.listed).toBe(false)
    expect(fake.reporter.panicOnBuild).not.toHaveBeenCalled()
    // Gatsby makes these pages from their files: createPages only decides their heads.
    expect(fake.created().map((page) => page.path)).not.toContain("/thank-you/")
  })

  it("gives the home page the site name alone, WebSite and Organization, and the catalogue's newest change", async () => {
    const home = (await runCreatePages()).headAt("/")
    expect(home.title).toBe("MoveFlix TV")
    expect(home.structuredData.map(typeOf)).toEqual(["WebSite", "Organization"])
    expect(home.sitemap).toEqual({ listed: true, lastmod: "2024-04-10T00:00:00.000Z" })
  })

  it("gives both addresses of the 404 page a head without a canonical", async () => {
    const fake = await runCreatePages()
    for (const path of ["/404/", "/404.html"]) {
      expect(fake.headAt(path).canonical).toBeNull()
      expect(fake.headAt(path).sitemap.listed).toBe(false)
    }
  })
})

describe("the heads across builds", () => {
  it("writes again only the heads that changed, not even asking Gatsby about the others, and deletes the head of a page that is gone", async () => {
    const store = nodeStore()
    await run(gatsby({ data: catalogueData() }, store))
    expect(store.written).toHaveLength(14)
    store.written.length = 0
    store.createNode.mockClear()

    const edited = catalogueData({ seriesSeo: sourcedSeo({ title: "Core Strength, Revised" }) })
    await run(gatsby({ data: edited }, store))
    expect(store.written).toEqual(["/series/101/"])
    expect(store.createNode).toHaveBeenCalledTimes(1)
    expect(store.deleteNode).not.toHaveBeenCalled()

    const withoutEpisodes = { ...edited, allCatalogueEpisode: { nodes: [] } }
    const fake = await run(gatsby({ data: withoutEpisodes }, store))
    expect(fake.panics()).toEqual([])
    expect([...store.nodes.values()].map((node) => node.path)).not.toContain("/detail/1001/")
    expect(store.deleteNode).toHaveBeenCalledTimes(1)
  })

  it("hands the post-build step the listed pages by path and every report row", async () => {
    const outcome = (await runCreatePages()).outcome()
    expect(outcome.sitemap?.map((entry) => entry.url)).toEqual(["/", "/category/1/", "/detail/1001/", "/series/101/", "/subcategory/11/"])
    expect(outcome.rows.map((row) => row.path)).toContain("/thank-you/")
    expect(outcome.rows).toHaveLength(14)
    expect(outcome.site.siteUrl).toBe(SITE_URL)
  })
})
