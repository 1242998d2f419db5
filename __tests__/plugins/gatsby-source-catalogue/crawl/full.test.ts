import { assembleSnapshot } from "../../../../plugins/gatsby-source-catalogue/src/crawl/assemble"
import { createHttpClient } from "../../../../plugins/gatsby-source-catalogue/src/http/client"
import { DEFAULT_PATHS, ERROR_CODES } from "../../../../plugins/gatsby-source-catalogue/src/constants"
import { crawlCatalogue } from "../../../../plugins/gatsby-source-catalogue/src/crawl/full"
import { createLimiter } from "../../../../plugins/gatsby-source-catalogue/src/http/limiter"
import { FAKE_API_URL, fakeCatalogueFetch } from "../helpers/fake-catalogue-api"
import { requestLimits } from "../helpers/request-limits"

function crawl(fake: ReturnType<typeof fakeCatalogueFetch>) {
  const warnings: string[] = []
  const client = createHttpClient({
    ...requestLimits(FAKE_API_URL),
    baseUrl: FAKE_API_URL,
    timeoutMs: 1000,
    retries: 2,
    retryBaseDelayMs: 0,
    limiter: createLimiter(4),
    fetch: fake.fetch,
    sleep: async () => undefined,
  })
  return { result: crawlCatalogue({ client, paths: DEFAULT_PATHS, warn: (m) => warnings.push(m) }).then(assembleSnapshot), warnings, client }
}

describe("crawlCatalogue", () => {
  it("reads lists, each category, each subcategory and each series' episodes: one request per entity, none per episode", async () => {
    const fake = fakeCatalogueFetch()
    const { result, client } = crawl(fake)
    const snapshot = await result
    expect(snapshot.categories.map((c) => [c.category.id, c.subcategoryIds])).toEqual([
      [1, ["11", "12"]],
      [2, ["21"]],
    ])
    expect(snapshot.subcategories.map((s) => [s.subcategory.id, s.categoryId, s.position])).toEqual([
      [11, "1", 0],
      [12, "1", 1],
      [21, "2", 0],
    ])
    expect(snapshot.series.map((s) => [s.series.id, s.subcategoryId])).toEqual([
      [101, "11"],
      [102, "11"],
      [201, "21"],
    ])
    expect(snapshot.episodes.map((e) => e.episode.id).sort()).toEqual([1001, 1002, 2001])
    // 3 lists + site settings + 2 categories + 3 subcategories + 3 series
    expect(client.requestCount).toBe(12)
    expect(fake.calls.filter((path) => path.startsWith("/episodes/"))).toEqual([])
  })

  it("skips an entity that answers 404 with a warning naming it, and goes on", async () => {
    const fake = fakeCatalogueFetch({ "/sub-categories/12": { status: 404, body: { message: "gone" } } })
    const { result, warnings } = crawl(fake)
    const snapshot = await result
    expect(snapshot.subcategories.map((s) => s.subcategory.id)).toEqual([11, 21])
    expect(warnings).toEqual([`Subcategory 12 (Yoga) was skipped: ${FAKE_API_URL}/sub-categories/12: answered HTTP 404`])
  })

  it("takes what catalogue-api.md allows: null or missing text and lists, string ids, fields it does not know", async () => {
    const fake = fakeCatalogueFetch({
      "/categories": { body: { data: [{ id: "c-1", title: null, images: null, colour: "red" }] } },
      "/categories/c-1": { body: { data: { id: "c-1", sub_categories: [{ id: "s-1" }] } } },
      "/sub-categories/s-1": { body: { data: { id: "s-1", category_id: null } } },
      "/categories-states": { body: [{}, { title: "Dance", total_videos: null }] },
      "/featured-collections": { body: { data: [{ id: 1, category: [null], position: null, seo: { noindex: true } }] } },
    })
    const snapshot = await crawl(fake).result
    expect(snapshot.categories).toEqual([{ category: { id: "c-1", sub_categories: [{ id: "s-1" }] }, subcategoryIds: ["s-1"] }])
    expect(snapshot.subcategories).toEqual([{ subcategory: { id: "s-1", category_id: null }, categoryId: "c-1", position: 0 }])
    expect(snapshot.series).toEqual([])
    expect(snapshot.statistics).toHaveLength(2)
    expect(snapshot.featuredItems[0]).toMatchObject({ id: 1, seo: { noindex: true } })
  })

  it("reads the site settings, and takes their 404 as 'use the built-in defaults', not an error", async () => {
    const settings = {
      site_name: "MoveFlix",
      title_template: "%s | MoveFlix",
      allow_indexing: false,
      organization: { name: "MoveFlix Ltd", same_as: ["https://social.example/moveflix"] },
    }
    const found = await crawl(fakeCatalogueFetch({ "/site-settings": { body: { data: settings } } })).result
    expect(found.siteSettings).toEqual(settings)
    const { result, warnings } = crawl(fakeCatalogueFetch())
    expect((await result).siteSettings).toBeNull()
    expect(warnings).toEqual([])
  })

  it("stops on site settings of the wrong shape, naming the field", async () => {
    const { result } = crawl(fakeCatalogueFetch({ "/site-settings": { body: { data: { allow_indexing: "no" } } } }))
    await expect(result).rejects.toMatchObject({ code: ERROR_CODES.CatalogueWrongShape, message: expect.stringContaining("allow_indexing") })
  })

  it("stops on an id that is not a safe path segment, naming the URL, the field and the entity, and never asks a path made of it", async () => {
    const subcategory = {
      id: 11,
      title: "HIIT",
      series: [
        { id: "..", title: "Yoga basics" },
        { id: 102, title: "Quick HIIT" },
      ],
    }
    const fake = fakeCatalogueFetch({ "/sub-categories/11": { body: { data: subcategory } } })
    const error = await crawl(fake).result.then(
      () => undefined,
      (reason: unknown) => reason as { code: string; message: string },
    )
    expect(error).toMatchObject({
      code: ERROR_CODES.CatalogueWrongShape,
      message: `${FAKE_API_URL}/sub-categories/11: "data.series[0].id" is ".." (the entity titled "Yoga basics"): an id names a page and a request path, so it must be 1 to 128 letters (A-Z, a-z), digits, "-", "_", "." or "~", not starting with "."`,
    })
    expect(fake.calls.filter((path) => path.includes(".."))).toEqual([])
  })

  it.each([
    ["/categories", { data: [{ id: "a/b", title: "Dance" }] }, '"data[0].id" is "a/b" (the entity titled "Dance")'],
    [
      "/categories/1",
      { data: { id: 1, title: "Fitness", sub_categories: [{ id: "%2e%2e", title: "HIIT" }] } },
      '"data.sub_categories[0].id" is "%2e%2e" (the entity titled "HIIT")',
    ],
    ["/series/101/episodes", { data: [{ id: ".", title: "Warm up", series_id: 101 }] }, '"data[0].id" is "." (the entity titled "Warm up")'],
    [
      "/featured-collections",
      { data: [{ id: 1, title: "Fitness", category: [{ id: "a\\b", title: "Dance" }] }] },
      '"data[0].category[0].id" is "a\\\\b" (the entity titled "Dance")',
    ],
  ])("refuses an unsafe id in %s", async (path, body, named) => {
    const fake = fakeCatalogueFetch({ [path]: { body } })
    await expect(crawl(fake).result).rejects.toMatchObject({
      code: ERROR_CODES.CatalogueWrongShape,
      message: expect.stringContaining(`${FAKE_API_URL}${path}: ${named}: an id names a page`),
    })
  })

  it("retries a 503 and a 429 and then goes on", async () => {
    const fake = fakeCatalogueFetch({
      "/categories": [{ status: 503 }, { status: 429, headers: { "Retry-After": "1" } }],
    })
    const { result } = crawl(fake)
    expect((await result).categories).toHaveLength(2)
    expect(fake.calls.filter((path) => path === "/categories")).toHaveLength(3)
  })

  it.each([
    ["/categories", { body: [{ id: 1 }] }, ERROR_CODES.CatalogueWrongShape, "the answer should be an object, but it is a list"],
    ["/categories", { body: { data: [{ id: 1 }, { title: "no id" }] } }, ERROR_CODES.CatalogueWrongShape, '"data[1].id" should be a number or text, but it is missing'],
    ["/categories/1", { body: { data: { id: "" } } }, ERROR_CODES.CatalogueWrongShape, '"data.id" should be text that is not empty, but it is the text ""'],
    ["/sub-categories/11", { body: { data: { id: 11, series: "many" } } }, ERROR_CODES.CatalogueWrongShape, '"data.series" should be a list, but it is the text "many"'],
    ["/categories-states", { body: { data: [] } }, ERROR_CODES.CatalogueWrongShape, "the answer should be a list, but it is an object"],
    [
      "/series/101/episodes",
      { body: { data: [{ id: 1, episode: "2", title: 3, images: [null] }] } },
      ERROR_CODES.CatalogueWrongShape,
      '"data[0].title" should be text, but it is the number 3; "data[0].images[0]" should be an object, but it is null; "data[0].episode" should be a number, but it is the text "2"',
    ],
    ["/featured-collections", { text: "<html>oops</html>" }, ERROR_CODES.CatalogueNotJson, 'did not answer JSON (it began: "<html>oops</html>")'],
    ["/series/101/episodes", { status: 500 }, ERROR_CODES.CatalogueHttpError, "answered HTTP 500 (after 2 retries)"],
  ])("stops on a broken answer from %s, naming the URL and what was wrong", async (path, answer, code, reason) => {
    const fake = fakeCatalogueFetch({ [path]: [answer, answer, answer] })
    await expect(crawl(fake).result).rejects.toMatchObject({ code, message: `${FAKE_API_URL}${path}: ${reason}` })
  })
})
