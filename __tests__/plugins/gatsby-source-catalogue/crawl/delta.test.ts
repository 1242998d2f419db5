import { assembleSnapshot } from "../../../../plugins/gatsby-source-catalogue/src/crawl/assemble"
import type { ApiChanges } from "../../../../contract/schemas"
import { createHttpClient } from "../../../../plugins/gatsby-source-catalogue/src/http/client"
import { DEFAULT_PATHS } from "../../../../plugins/gatsby-source-catalogue/src/constants"
import { crawlCatalogue } from "../../../../plugins/gatsby-source-catalogue/src/crawl/full"
import { applyChanges, readChanges } from "../../../../plugins/gatsby-source-catalogue/src/crawl/delta"
import { createLimiter } from "../../../../plugins/gatsby-source-catalogue/src/http/limiter"
import { seriesEpisodes } from "../fixtures/episodes"
import { categoryDetails } from "../fixtures/categories"
import { subcategoryDetails } from "../fixtures/subcategories"
import { FAKE_API_URL, fakeCatalogueFetch } from "../helpers/fake-catalogue-api"
import { requestLimits } from "../helpers/request-limits"

type Override = Parameters<typeof fakeCatalogueFetch>[0]

const clientOf = (fake: ReturnType<typeof fakeCatalogueFetch>) =>
  createHttpClient({ ...requestLimits(FAKE_API_URL), baseUrl: FAKE_API_URL, timeoutMs: 1000, retries: 0, retryBaseDelayMs: 0, limiter: createLimiter(4), fetch: fake.fetch })

/** The fixtures' catalogue as the last build read it. */
const firstRead = () => crawlCatalogue({ client: clientOf(fakeCatalogueFetch()), paths: DEFAULT_PATHS, warn: () => undefined })

const changes = (changed: [string, number | null][], deleted: [string, number | null][] = []): ApiChanges => ({
  now: "2026-11-23T12:00:00.000Z",
  changed: changed.map(([type, id]) => ({ type, id }) as ApiChanges["changed"][number]),
  deleted: deleted.map(([type, id]) => ({ type, id }) as ApiChanges["deleted"][number]),
})

/** Applies the changes against a backend that now answers with the overrides; says what was asked. */
async function apply(change: ApiChanges, now: Override = {}) {
  const answers = await firstRead()
  const fake = fakeCatalogueFetch(now)
  const warnings: string[] = []
  const result = await applyChanges(answers, change, { client: clientOf(fake), paths: DEFAULT_PATHS, warn: (m) => warnings.push(m) })
  // The delta read patches the answers; the snapshot is placed from them as after a full read.
  const snapshot = assembleSnapshot(result.answers)
  const episode = (id: number) => snapshot.episodes.find((entry) => entry.episode.id === id)
  return { ...result, snapshot, asked: fake.calls, episode, warnings, previous: assembleSnapshot(answers) }
}

const [second, first] = seriesEpisodes["101"] as { id: number; title: string; series_id: number }[]

describe("applyChanges (delta sourcing)", () => {
  it("reads one edited episode and the statistics, nothing else, and keeps every other entity as it was", async () => {
    const edited = { ...first, title: "First, renamed" }
    const { snapshot, asked, episode, previous } = await apply(changes([["episode", 1001]]), { "/episodes/1001": { body: { data: edited } } })
    expect(asked).toEqual(expect.arrayContaining(["/episodes/1001", "/categories-states"]))
    expect(asked).toHaveLength(2)
    expect(episode(1001)).toMatchObject({ episode: { title: "First, renamed" }, seriesId: "101", subcategoryId: "11" })
    expect(snapshot.categories).toEqual(previous.categories)
    expect(snapshot.series).toEqual(previous.series)
    expect(snapshot.episodes).toHaveLength(previous.episodes.length)
  })

  it("adds a created episode through its series' fresh list", async () => {
    const created = { id: 1003, title: "Third", path: "vid-1003", episode: 3, series_id: 101, sub_category_id: 11, images: [] }
    const { episode, asked } = await apply(
      changes([
        ["episode", 1003],
        ["series", 101],
      ]),
      {
        "/series/101": { body: { data: { id: 101, title: "HIIT 30" } } },
        "/series/101/episodes": { body: { data: [...seriesEpisodes["101"]!, created] } },
      },
    )
    expect(episode(1003)).toMatchObject({ seriesId: "101", subcategoryId: "11", episode: { title: "Third" } })
    // The new episode came with its series' list: it is not asked for on its own.
    expect(asked).not.toContain("/episodes/1003")
  })

  it("drops a deleted episode, and its series no longer lists it", async () => {
    const { snapshot, episode } = await apply(changes([["series", 101]], [["episode", 1002]]), {
      "/series/101": { body: { data: { id: 101, title: "HIIT 30" } } },
      "/series/101/episodes": { body: { data: [first] } },
    })
    expect(episode(1002)).toBeUndefined()
    expect(snapshot.episodes.filter((entry) => entry.seriesId === "101").map((entry) => entry.episode.id)).toEqual([1001])
  })

  it("moves an episode to another series: it leaves the old one's list and joins the new one's", async () => {
    const moved = { ...second, series_id: 102 }
    const { episode, snapshot } = await apply(
      changes([
        ["episode", 1002],
        ["series", 101],
        ["series", 102],
      ]),
      {
        "/series/101": { body: { data: { id: 101, title: "HIIT 30" } } },
        "/series/101/episodes": { body: { data: [first] } },
        "/series/102": { body: { data: { id: 102, title: "Quick HIIT" } } },
        "/series/102/episodes": { body: { data: [moved] } },
      },
    )
    expect(episode(1002)).toMatchObject({ seriesId: "102" })
    expect(snapshot.episodes.filter((entry) => entry.seriesId === "101").map((entry) => entry.episode.id)).toEqual([1001])
  })

  it("drops a deleted series with its episodes, as its subcategory's fresh detail says", async () => {
    const hiit = subcategoryDetails["11"] as { series: { id: number }[] }
    const { snapshot } = await apply(
      changes(
        [["subcategory", 11]],
        [
          ["series", 101],
          ["episode", 1001],
          ["episode", 1002],
        ],
      ),
      {
        "/sub-categories/11": { body: { data: { ...hiit, series: hiit.series.filter((one) => one.id !== 101) } } },
      },
    )
    expect(snapshot.series.map((entry) => entry.series.id)).not.toContain(101)
    expect(snapshot.episodes.map((entry) => entry.episode.id)).toEqual([2001])
  })

  it("reads the category list again when a category is new, and keeps the API's order", async () => {
    const { snapshot, asked } = await apply(changes([["category", 3]]), {
      "/categories": {
        body: {
          data: [
            { id: 3, title: "Comedy" },
            { id: 1, title: "Fitness" },
            { id: 2, title: "Dance" },
          ],
        },
      },
      "/categories/3": { body: { data: { id: 3, title: "Comedy", sub_categories: [] } } },
    })
    expect(asked).toContain("/categories")
    expect(snapshot.categories.map((entry) => entry.category.id)).toEqual([3, 1, 2])
  })

  it("treats an entity that answers 404 after the feed named it as gone", async () => {
    const { episode } = await apply(changes([["episode", 1001]]), { "/episodes/1001": { status: 404, body: { message: "gone" } } })
    expect(episode(1001)).toBeUndefined()
  })

  it("places what it read exactly as a full read of the same catalogue does: an edited category keeps its place, a moved subcategory follows its new category", async () => {
    const [fitness, dance] = [categoryDetails["1"] as { sub_categories: { id: number }[] }, categoryDetails["2"] as { sub_categories: { id: number }[] }]
    const now: Override = {
      // Fitness renamed; Yoga (12) moved from Fitness to Dance.
      "/categories/1": { body: { data: { ...fitness, title: "Fitness, renamed", sub_categories: fitness.sub_categories.filter((sub) => sub.id !== 12) } } },
      "/categories/2": { body: { data: { ...dance, sub_categories: [...dance.sub_categories, { id: 12, title: "Yoga" }] } } },
    }
    const { snapshot } = await apply(
      changes([
        ["category", 1],
        ["category", 2],
      ]),
      now,
    )
    const fullRead = assembleSnapshot(await crawlCatalogue({ client: clientOf(fakeCatalogueFetch(now)), paths: DEFAULT_PATHS, warn: () => undefined }))
    expect(snapshot).toEqual(fullRead)
    expect(snapshot.categories.map((entry) => entry.category.id)).toEqual([1, 2])
    expect(snapshot.subcategories.map((entry) => [entry.subcategory.id, entry.categoryId, entry.position])).toEqual([
      [11, "1", 0],
      [21, "2", 0],
      [12, "2", 1],
    ])
  })

  it("reads the site settings again only when the feed names them", async () => {
    const settings = { site_name: "MoveFlix", allow_indexing: false }
    const named = await apply(changes([["site-settings", null]]), { "/site-settings": { body: { data: settings } } })
    expect(named.snapshot.siteSettings).toEqual(settings)
    const other = await apply(changes([["episode", 1001]]), { "/episodes/1001": { body: { data: first } }, "/site-settings": { body: { data: settings } } })
    expect(other.asked).not.toContain("/site-settings")
  })
})

describe("readChanges", () => {
  const read = (answer: { status?: number; body?: unknown }) =>
    readChanges(clientOf(fakeCatalogueFetch({ "/changes?since=2026-11-01T00%3A00%3A00.000Z": answer })), DEFAULT_PATHS, "2026-11-01T00:00:00.000Z")

  it("gives the feed's answer", async () => {
    const feed = changes([["episode", 1001]], [["series", 9]])
    await expect(read({ body: { data: feed } })).resolves.toEqual({ changes: feed })
  })

  it.each([
    [410, "no longer reaches back to 2026-11-01T00:00:00.000Z (410)"],
    [404, "has no changes feed (404)"],
  ])("falls back to a full read on %i, saying why", async (status, reason) => {
    const result = await read({ status, body: { message: "no" } })
    expect(result.changes).toBeUndefined()
    expect(result.fallbackReason).toContain(reason)
  })

  it("falls back to a full read on a feed of the wrong shape, naming the field, since the feed is optional", async () => {
    const result = await read({ body: { data: { now: "x", changed: [{ type: "planet", id: 1 }], deleted: [] } } })
    expect(result.changes).toBeUndefined()
    expect(result.fallbackReason).toMatch(/^the changes feed could not be used: .*type/)
  })

  it("falls back to a full read on a feed naming an id that is not a safe path segment, which the full read then refuses too", async () => {
    const result = await read({ body: { data: { now: "2026-11-23T12:00:00.000Z", changed: [{ type: "series", id: ".." }], deleted: [] } } })
    expect(result.changes).toBeUndefined()
    expect(result.fallbackReason).toContain('"data.changed[0].id" is "..": an id names a page')
  })
})
