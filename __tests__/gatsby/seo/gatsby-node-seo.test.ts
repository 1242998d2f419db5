import type { BreadcrumbList, ListItem, VideoObject } from "schema-dts"
import { createPages, onCreatePage } from "../../../gatsby-node"
import type { PageHead } from "../../../src/seo/page-head"
import { EPISODE_DESCRIPTION, SITE_URL, catalogueData, cmsSiteSettings, resized, sourcedSeo, type CatalogueOptions } from "./catalogue-fixture"

// gatsby-node's createPages and onCreatePage with Gatsby's arguments faked:
// the query answers a small catalogue, the actions and the reporter record
// what they are asked. Nothing of src/seo is mocked.

type CreatePagesArgs = Parameters<NonNullable<typeof createPages>>[0]
type OnCreatePageArgs = Parameters<NonNullable<typeof onCreatePage>>[0]

interface CreatedPage {
  path: string
  component: string
  context: { seo: PageHead } & Record<string, unknown>
}

function gatsby(answer: { data?: Queries.CreatePagesQuery; errors?: unknown[] }) {
  const reporter = { panicOnBuild: jest.fn(), warn: jest.fn(), info: jest.fn() }
  const actions = { createPage: jest.fn(), deletePage: jest.fn() }
  const graphql = jest.fn(async () => answer)
  const created = () => actions.createPage.mock.calls.map(([page]) => page as CreatedPage)
  const pageAt = (path: string) => {
    const pages = created().filter((page) => page.path === path)
    expect(pages).toHaveLength(1)
    return pages[0]!
  }
  const panics = () => reporter.panicOnBuild.mock.calls.map(([message]) => String(message))
  return { reporter, actions, graphql, created, pageAt, panics }
}

async function runCreatePages(options: CatalogueOptions = {}) {
  const fake = gatsby({ data: catalogueData(options) })
  await createPages!({ graphql: fake.graphql, actions: fake.actions, reporter: fake.reporter } as unknown as CreatePagesArgs, {} as never, () => undefined)
  return fake
}

function runOnCreatePage(fake: ReturnType<typeof gatsby>, page: { path: string; component: string; context: Record<string, unknown> }) {
  onCreatePage!({ page, actions: fake.actions, reporter: fake.reporter } as unknown as OnCreatePageArgs, {} as never, () => undefined)
}

const typeOf = (object: unknown) => (object as { "@type"?: string })["@type"]

describe("createPages", () => {
  it("creates every catalogue page with its head in the context", async () => {
    const fake = await runCreatePages()
    expect(fake.reporter.panicOnBuild).not.toHaveBeenCalled()
    expect(fake.created().map((page) => page.path)).toEqual(["/category/1", "/subcategory/11", "/series/101", "/detail/1001"])

    const expected: [string, string, string][] = [
      ["/category/1", "Fitness — MoveFlix TV", `${SITE_URL}/category/1/`],
      ["/subcategory/11", "Strength — MoveFlix TV", `${SITE_URL}/subcategory/11/`],
      ["/series/101", "Core Strength — MoveFlix TV", `${SITE_URL}/series/101/`],
      ["/detail/1001", "Plank Basics — MoveFlix TV", `${SITE_URL}/detail/1001/`],
    ]
    for (const [path, title, canonical] of expected) {
      const { seo } = fake.pageAt(path).context
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
    const { seo } = (await runCreatePages()).pageAt("/detail/1001").context
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

  it("falls back to the built-in name, template and picture when the backend has no site settings", async () => {
    const fake = await runCreatePages({ settings: null })
    expect(fake.reporter.panicOnBuild).not.toHaveBeenCalled()
    const { seo } = fake.pageAt("/series/101").context
    expect(seo.title).toBe("Core Strength | MoveFlix")
    expect(seo.twitterSite).toBeNull()
    const noPicture = (await runCreatePages({ settings: null, episode: { images: [] } })).pageAt("/detail/1001").context.seo
    expect(noPicture.image?.url).toBe(`${SITE_URL}/static/home-hero.jpg`)
  })

  it("uses a CMS social image made by the image pipeline, with its alt text", async () => {
    const fake = await runCreatePages({ episodeSeo: sourcedSeo({ image: resized("/static/seo-1001.jpg"), imageAlt: "A plank from the side" }) })
    expect(fake.pageAt("/detail/1001").context.seo.image).toEqual({
      url: `${SITE_URL}/static/seo-1001.jpg`,
      width: 1200,
      height: 630,
      alt: "A plank from the side",
    })
  })

  it("makes a noindex series noindex and keeps it out of the sitemap", async () => {
    const { seo } = (await runCreatePages({ seriesSeo: sourcedSeo({ noindex: true }) })).pageAt("/series/101").context
    expect(seo.noindex).toBe(true)
    expect(seo.sitemap.listed).toBe(false)
  })

  it("makes every page noindex when the site settings switch indexing off", async () => {
    const fake = await runCreatePages({ settings: cmsSiteSettings({ allowIndexing: false }) })
    for (const page of fake.created()) expect([page.path, page.context.seo.noindex, page.context.seo.sitemap.listed]).toEqual([page.path, true, false])
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
    expect(fake.pageAt("/detail/1001").context.seo.canonical).toBe(`${SITE_URL}/detail/1001/`)
    expect(JSON.stringify(fake.created())).not.toContain("javascript:")
  })

  it("fails the build for an episode whose VideoObject would lack its date, naming the episode", async () => {
    const fake = await runCreatePages({ episode: { videoReleaseTime: null, updatedAt: null } })
    const [message, ...more] = fake.panics()
    expect(more).toEqual([])
    expect(message).toContain("/detail/1001/ (episode 1001 (Plank Basics))")
    expect(message).toContain("uploadDate")
  })

  it.each(["not a url", "", null, "moveflix.example", "ftp://moveflix.example"])("fails the build for the SITE_URL %p, naming SITE_URL, before making any page", async (siteUrl) => {
    const fake = await runCreatePages({ siteUrl })
    expect(fake.reporter.panicOnBuild).toHaveBeenCalledTimes(1)
    expect(fake.panics()[0]).toContain("SITE_URL")
    expect(fake.actions.createPage).not.toHaveBeenCalled()
  })

  it("fails the build when the catalogue cannot be queried", async () => {
    const fake = gatsby({ errors: [new Error("Cannot query field")] })
    await createPages!({ graphql: fake.graphql, actions: fake.actions, reporter: fake.reporter } as unknown as CreatePagesArgs, {} as never, () => undefined)
    expect(fake.reporter.panicOnBuild).toHaveBeenCalledTimes(1)
    expect(fake.actions.createPage).not.toHaveBeenCalled()
  })
})

describe("onCreatePage", () => {
  it("gives the thank-you page its head, out of the sitemap", async () => {
    const fake = await runCreatePages()
    fake.actions.createPage.mockClear()
    const page = { path: "/thank-you/", component: "x", context: {} }
    runOnCreatePage(fake, page)
    expect(fake.actions.deletePage).toHaveBeenCalledWith(page)
    const [recreated, ...more] = fake.created()
    expect(more).toEqual([])
    expect(recreated).toMatchObject({ path: "/thank-you/", component: "x" })
    const { seo } = recreated!.context
    expect(seo.title).toBe("Thank you For Subscribing — MoveFlix TV")
    expect(seo.canonical).toBe(`${SITE_URL}/thank-you/`)
    expect(seo.noindex).toBe(false)
    expect(seo.sitemap.listed).toBe(false)
    expect(fake.reporter.panicOnBuild).not.toHaveBeenCalled()
  })

  it("gives the home page the site name alone, WebSite and Organization, and the catalogue's newest change", async () => {
    const fake = await runCreatePages()
    fake.actions.createPage.mockClear()
    runOnCreatePage(fake, { path: "/", component: "home", context: { other: 1 } })
    const [home] = fake.created()
    expect(home!.context.other).toBe(1)
    expect(home!.context.seo.title).toBe("MoveFlix TV")
    expect(home!.context.seo.structuredData.map(typeOf)).toEqual(["WebSite", "Organization"])
    expect(home!.context.seo.sitemap).toEqual({ listed: true, lastmod: "2024-04-10T00:00:00.000Z" })
  })

  it("gives the 404 page no canonical", async () => {
    const fake = await runCreatePages()
    fake.actions.createPage.mockClear()
    runOnCreatePage(fake, { path: "/404/", component: "404", context: {} })
    const [page] = fake.created()
    expect(page!.context.seo.canonical).toBeNull()
    expect(page!.context.seo.sitemap.listed).toBe(false)
  })

  it("leaves alone a page that already has its head, and one Gatsby made for itself", async () => {
    const fake = await runCreatePages()
    const withHead = fake.pageAt("/series/101")
    fake.actions.createPage.mockClear()
    runOnCreatePage(fake, withHead)
    runOnCreatePage(fake, { path: "/dev-404-page/", component: "dev-404", context: {} })
    expect(fake.actions.deletePage).not.toHaveBeenCalled()
    expect(fake.actions.createPage).not.toHaveBeenCalled()
  })
})
