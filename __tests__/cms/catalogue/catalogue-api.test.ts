import type { z } from "zod/mini"
import { ANSWERS, type ApiCategory } from "../../../contract/schemas"
import type { Served } from "../../../contract/served"
import { expectContract } from "../helpers/contract"
import { startTestServer, type TestServer } from "../helpers/test-server"

/** What every entity of the catalogue carries, as the reference server fills it. */
type Entity = Record<string, unknown> & Pick<Served<ApiCategory>, "id" | "title" | "images" | "updated_at">

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})

afterAll(async () => {
  await server.destroy()
})

const get = (url: string) => server.call(url)

/** The `data` of a 200 answer, once the whole answer has parsed with its contract schema. */
async function getData<T = Entity>(url: string, schema: z.ZodMiniType<{ data: unknown }>): Promise<T> {
  const { status, body } = await get(url)
  expect(status).toBe(200)
  expectContract(schema, body)
  return body.data as T
}

function expectImages(entity: Entity) {
  expect(entity.images.length).toBeGreaterThan(0)
  for (const image of entity.images) expect(image.path).toMatch(/^\/media\/[a-z0-9-]+\.jpg$/)
}

async function categoryTitled(title: string) {
  const categories = await getData<Entity[]>("/api/categories", ANSWERS.categories)
  const found = categories.find((c) => c.title.toLowerCase() === title)
  if (!found) throw new Error(`no category ${title}`)
  return getData<Entity & { sub_categories: Entity[] }>(`/api/categories/${found.id}`, ANSWERS.category)
}

describe("GET /api/categories", () => {
  it("lists at least four categories, Fitness, Dance and Entertainment among them, each complete", async () => {
    const categories = await getData<Entity[]>("/api/categories", ANSWERS.categories)
    expect(categories.length).toBeGreaterThanOrEqual(4)
    expect(categories.map((c) => c.title)).toEqual(expect.arrayContaining(["Fitness", "Dance", "Entertainment"]))
    for (const category of categories) {
      // Plus `seo` where a category has marketing metadata (marketing-metadata.test.ts).
      expect(
        Object.keys(category)
          .filter((key) => key !== "seo")
          .sort(),
      ).toEqual(["description", "id", "images", "page_sub_title", "page_title", "short_desc", "title", "updated_at"].sort())
      expect(Number.isInteger(category.id) && category.id > 0).toBe(true)
      expect(Number.isNaN(Date.parse(category.updated_at))).toBe(false)
      expectImages(category)
    }
  })
})

describe("GET /api/categories/{id}", () => {
  it("adds sub_categories, which carry no series", async () => {
    const fitness = await categoryTitled("fitness")
    expect(fitness.sub_categories.length).toBeGreaterThanOrEqual(6)
    for (const sub of fitness.sub_categories) {
      expect(sub.category_id).toBe(fitness.id)
      expect(sub).not.toHaveProperty("series")
      expect(typeof sub.short_desc).toBe("string")
      expectImages(sub)
    }
  })

  it("has a category with at least ten subcategories", async () => {
    const categories = await getData<Entity[]>("/api/categories", ANSWERS.categories)
    const counts = await Promise.all(categories.map(async (c) => (await getData<{ sub_categories: unknown[] }>(`/api/categories/${c.id}`, ANSWERS.category)).sub_categories.length))
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(10)
  })

  it.each(["999999", "abc", "0", "-1", "1.5", "99999999999999999999", "%27%20OR%201%3D1"])("answers 404 with a message for the unknown id %s", async (id) => {
    const { status, body } = await get(`/api/categories/${id}`)
    expect(status).toBe(404)
    expect(expectContract(ANSWERS.error, body).message).toEqual(expect.stringContaining("not found"))
  })
})

describe("GET /api/categories-states", () => {
  it("is a bare array of per-category video totals that add up to every episode", async () => {
    const { status, body } = await get("/api/categories-states")
    expect(status).toBe(200)
    expectContract(ANSWERS.categoryStatistics, body)
    const categories = await getData<Entity[]>("/api/categories", ANSWERS.categories)
    expect(body.map((s: { title: string }) => s.title)).toEqual(categories.map((c) => c.title))
    const total = body.reduce((sum: number, s: { total_videos: number }) => sum + s.total_videos, 0)
    const { n } = server.db.prepare("SELECT count(*) AS n FROM episodes").get() as { n: number }
    expect(total).toBe(n)
  })
})

describe("GET /api/featured-collections", () => {
  it("has the fitness and entertainment features with HTML descriptions and a category", async () => {
    const items = await getData<(Entity & { category: { id: number; title: string }[]; position: number })[]>("/api/featured-collections", ANSWERS.featuredCollections)
    const fitness = items.find((item) => /fitness/i.test(item.title))
    const entertainment = items.find((item) => /entertained/i.test(item.title))
    for (const feature of [fitness, entertainment]) {
      expect(feature).toBeDefined()
      expect(feature!.description).toMatch(/<p>.*<\/p>/)
      expect(feature!.category[0]).toEqual({ id: expect.any(Number), title: expect.any(String) })
      expect(typeof feature!.position).toBe("number")
      expectImages(feature!)
    }
    expect(fitness!.category[0]!.title).toBe("Fitness")
  })
})

describe("GET /api/sub-categories/{id}", () => {
  it("adds the series, and one subcategory's series carry at least three distinct tags", async () => {
    const fitness = await categoryTitled("fitness")
    const subs = await Promise.all(
      fitness.sub_categories.map((s) => getData<Entity & { series: (Entity & { tags: { title: string }[] })[] }>(`/api/sub-categories/${s.id}`, ANSWERS.subcategory)),
    )
    const tagCounts = subs.map((sub) => new Set(sub.series.flatMap((s) => s.tags.map((t) => t.title))).size)
    expect(Math.max(...tagCounts)).toBeGreaterThanOrEqual(3)
    for (const series of subs.flatMap((sub) => sub.series)) {
      expect(Object.keys(series).sort()).toEqual(["description", "id", "images", "tags", "title", "updated_at"])
      expectImages(series)
    }
  })

  it("has a subcategory with no series, answered with an empty list", async () => {
    const { id } = server.db.prepare("SELECT id FROM sub_categories WHERE id NOT IN (SELECT sub_category_id FROM series)").get() as { id: number }
    const sub = await getData<{ series: unknown[] }>(`/api/sub-categories/${id}`, ANSWERS.subcategory)
    expect(sub.series).toEqual([])
  })

  it("answers 404 for an unknown subcategory, including a category's id", async () => {
    expect((await get("/api/sub-categories/1")).status).toBe(404)
    expect(expectContract(ANSWERS.error, (await get("/api/sub-categories/nope")).body).message).toMatch(/Subcategory/)
  })
})

describe("series and episodes", () => {
  const seriesWithEpisodeCounts = () =>
    server.db.prepare("SELECT s.id, count(e.id) AS n FROM series s LEFT JOIN episodes e ON e.series_id = s.id GROUP BY s.id").all() as { id: number; n: number }[]

  it("GET /api/series/{id} answers the series; 404 for an unknown one", async () => {
    const [first] = seriesWithEpisodeCounts()
    const series = await getData(`/api/series/${first!.id}`, ANSWERS.series)
    expect(series.id).toBe(first!.id)
    expect((await get("/api/series/424242")).status).toBe(404)
  })

  it("has a series with at least 12 episodes, each complete, whose numbers are all there", async () => {
    const big = seriesWithEpisodeCounts().find((s) => s.n >= 12)
    expect(big).toBeDefined()
    const episodes = await getData<(Entity & { episode: number; series_id: number; path: string })[]>(`/api/series/${big!.id}/episodes`, ANSWERS.seriesEpisodes)
    expect(episodes.map((e) => e.episode).sort((a, b) => a - b)).toEqual(Array.from({ length: episodes.length }, (_, i) => i + 1))
    for (const episode of episodes) {
      expect(Object.keys(episode).sort()).toEqual(["description", "episode", "id", "images", "path", "series_id", "sub_category_id", "title", "updated_at", "video_id"].sort())
      expect(episode.series_id).toBe(big!.id)
      expectImages(episode)
    }
  })

  it("has a series with no episodes, answered with an empty list", async () => {
    const empty = seriesWithEpisodeCounts().find((s) => s.n === 0)
    expect(empty).toBeDefined()
    expect(await getData(`/api/series/${empty!.id}/episodes`, ANSWERS.seriesEpisodes)).toEqual([])
  })

  it("GET /api/series/{id}/episodes answers 404 for an unknown series", async () => {
    expect((await get("/api/series/0/episodes")).status).toBe(404)
  })

  it("GET /api/episodes/{id} answers the episode, with its subcategory; 404 when unknown", async () => {
    const row = server.db.prepare("SELECT e.id, s.sub_category_id FROM episodes e JOIN series s ON s.id = e.series_id LIMIT 1").get() as {
      id: number
      sub_category_id: number
    }
    const episode = await getData(`/api/episodes/${row.id}`, ANSWERS.episode)
    expect(episode.sub_category_id).toBe(row.sub_category_id)
    expect((await get("/api/episodes/77777777")).status).toBe(404)
  })
})

describe("the contract", () => {
  it("holds for every answer of the whole catalogue, parsed with contract/schemas.ts", async () => {
    const answer = async <T>(url: string, schema: z.ZodMiniType<T>): Promise<T> => {
      const { status, body } = await get(url)
      expect(status).toBe(200)
      return expectContract(schema, body)
    }
    expect((await answer("/api/categories-states", ANSWERS.categoryStatistics)).length).toBeGreaterThan(0)
    expect((await answer("/api/featured-collections", ANSWERS.featuredCollections)).data.length).toBeGreaterThan(0)
    expect((await answer("/api/search?q=yoga", ANSWERS.search)).data.length).toBeGreaterThan(0)
    const { data: categories } = await answer("/api/categories", ANSWERS.categories)
    const details = await Promise.all(categories.map((c) => answer(`/api/categories/${c.id}`, ANSWERS.category)))
    const subcategories = details.flatMap(({ data }) => data.sub_categories ?? [])
    const subDetails = await Promise.all(subcategories.map((s) => answer(`/api/sub-categories/${s.id}`, ANSWERS.subcategory)))
    const series = subDetails.flatMap(({ data }) => data.series ?? [])
    await Promise.all(series.map((s) => answer(`/api/series/${s.id}`, ANSWERS.series)))
    const episodeLists = await Promise.all(series.map((s) => answer(`/api/series/${s.id}/episodes`, ANSWERS.seriesEpisodes)))
    const episodes = episodeLists.flatMap(({ data }) => data)
    await Promise.all(episodes.map((e) => answer(`/api/episodes/${e.id}`, ANSWERS.episode)))
    expect(episodes.length).toBeGreaterThan(series.length)
  })
})

describe("unknown routes and CORS", () => {
  it("answers 404 with a message for a path the API does not have", async () => {
    const { status, body } = await get("/api/nothing-here")
    expect(status).toBe(404)
    expect(expectContract(ANSWERS.error, body).message).toEqual(expect.any(String))
  })

  it("lets any origin read the API", async () => {
    const response = await server.call("/api/categories", { headers: { origin: "http://localhost:9000" } })
    expect(response.headers.get("access-control-allow-origin")).toBe("*")
  })

  const preflight = (target: TestServer, origin: string) =>
    target.call("/api/subscribe", {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    })

  it("answers the browser's preflight for a JSON POST to /subscribe from the local site", async () => {
    for (const origin of ["http://localhost:9000", "http://127.0.0.1:9000", "http://localhost:8000"]) {
      const response = await preflight(server, origin)
      expect(response.status).toBe(204)
      expect(response.headers.get("access-control-allow-origin")).toBe(origin)
      expect(response.headers.get("vary")).toMatch(/origin/i)
      expect(response.headers.get("access-control-allow-methods")).toContain("POST")
      expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type")
    }
  })

  it("gives no other page's browser leave to POST to /subscribe or to read its answer, while reads stay open to any", async () => {
    const refused = await preflight(server, "https://elsewhere.example")
    expect(refused.headers.get("access-control-allow-origin")).toBeNull()
    const posted = await server.call("/api/subscribe", {
      method: "POST",
      headers: { origin: "https://elsewhere.example", "content-type": "application/json" },
      body: JSON.stringify({ email: "not-from-the-site@example.com" }),
    })
    expect(posted.headers.get("access-control-allow-origin")).toBeNull()
    const search = await server.call("/api/search?q=yoga", { headers: { origin: "https://elsewhere.example" } })
    expect(search.headers.get("access-control-allow-origin")).toBe("*")
  })

  it("takes sign-ups from exactly the origins it is given (CMS_SUBSCRIBE_ORIGINS)", async () => {
    const site = await startTestServer({ subscribeOrigins: ["https://www.example.com"] })
    try {
      expect((await preflight(site, "https://www.example.com")).headers.get("access-control-allow-origin")).toBe("https://www.example.com")
      expect((await preflight(site, "http://localhost:9000")).headers.get("access-control-allow-origin")).toBeNull()
    } finally {
      await site.destroy()
    }
  })
})
