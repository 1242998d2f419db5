import http from "node:http"
import net from "node:net"
import type { z } from "zod/mini"
import { ANSWERS } from "../../../contract/schemas"
import { expectContract } from "../helpers/contract"
import { ADMIN_AUTHORIZATION, startTestServer, type TestServer } from "../helpers/test-server"

// POST /admin/{collection} and DELETE /admin/{collection}/{id}: the editor's
// create and delete, whose effects the changes feed reports (changes-feed.test.ts).

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})

afterAll(async () => {
  await server.destroy()
})

const maxId = (table: string) => (server.db.prepare(`SELECT max(id) AS id FROM ${table}`).get() as { id: number }).id

describe("POST /admin/{collection}", () => {
  it.each<[string, string, Record<string, unknown>, string, z.ZodMiniType<{ data: unknown }>]>([
    ["categories", "categories", { title: "Kids", images: ["/media/category-9.jpg"] }, "/api/categories/", ANSWERS.category],
    ["sub-categories", "sub_categories", { category_id: 4, title: "Breathwork" }, "/api/sub-categories/", ANSWERS.subcategory],
    ["series", "series", { sub_category_id: 36, title: "Green Smoothies", tags: ["Quick"] }, "/api/series/", ANSWERS.series],
    ["episodes", "episodes", { series_id: 108, path: "790000100", title: "Partner Yoga: Trust Fall" }, "/api/episodes/", ANSWERS.episode],
  ])("creates in %s: 201 with the entity as the API serves it, under the next id of that kind", async (collection, table, fields, url, schema) => {
    const expectedId = maxId(table) + 1
    const created = await server.create(collection, fields)
    expect(created.status).toBe(201)
    const data = expectContract(schema, created.body).data as Record<string, unknown>
    expect(data.id).toBe(expectedId)
    expect(data.title).toBe(fields.title)
    expect(Number.isNaN(Date.parse(String(data.updated_at)))).toBe(false)
    expect((await server.call(`${url}${expectedId}`)).body).toEqual(created.body)
  })

  it("puts a new subcategory last in its category and a new series last in its subcategory", async () => {
    const sub = await server.create("sub-categories", { category_id: 1, title: "Last One" })
    const category = await server.call("/api/categories/1")
    expect(category.body.data.sub_categories.at(-1).id).toBe(sub.body.data.id)
    const series = await server.create("series", { sub_category_id: 13, title: "Last Series" })
    const subcategory = await server.call("/api/sub-categories/13")
    expect(subcategory.body.data.series.at(-1).id).toBe(series.body.data.id)
    // Searchable at once.
    const search = await server.call("/api/search?q=last%20series")
    expect(JSON.stringify(search.body)).toMatch(/Last Series/)
  })

  it("fills an episode's subcategory, number and video id from its series and path", async () => {
    const created = await server.create("episodes", { series_id: 105, path: "790000200" })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ series_id: 105, sub_category_id: 13, episode: 5, video_id: 790000200, images: [] })
    const video = await server.call("/video-host/videos/790000200", { headers: { authorization: "Bearer contract-test-token" } })
    expect(video.status).toBe(200)
  })

  it("creates a featured item showing a category, or none", async () => {
    const shown = await server.create("featured-collections", { title: "Weekend Picks", category_id: 2, position: 9 })
    expect(shown.status).toBe(201)
    expect(expectContract(ANSWERS.featuredCollections, { data: [shown.body.data] }).data[0]).toMatchObject({
      position: 9,
      category: [{ id: 2, title: "Dance" }],
    })
    const bare = await server.create("featured-collections", { title: "Nothing Linked", category_id: null })
    expect(bare.body.data.category).toEqual([])
    expect(bare.body.data.position).toBe(10)
  })

  it.each([
    ["a required link missing", "episodes", { path: "790000300" }, /series_id is required/],
    ["a link to nothing", "episodes", { series_id: 99999, path: "790000301" }, /series_id: there is no series 99999/],
    ["a link of the wrong type", "sub-categories", { category_id: "1" }, /category_id must be the id of a category/],
    ["an episode without a video", "episodes", { series_id: 101 }, /path is required/],
    ["a video another episode has", "episodes", { series_id: 101, path: "760001001" }, /already the video of episode 1001/],
    ["a non-numeric path without video_id", "episodes", { series_id: 101, path: "abc" }, /video_id is required/],
    ["a wrong type", "categories", { title: 7 }, /title must be a string or null/],
    ["an unknown field", "categories", { id: 5 }, /id cannot be set/],
    ["a bad seo", "series", { sub_category_id: 11, seo: { noindex: "yes" } }, /seo\.noindex/],
    ["not an object", "categories", ["x"], /JSON object/],
  ])("answers 400 naming the field for %s, creating nothing", async (_case, collection, fields, message) => {
    const before = server.db
      .prepare("SELECT (SELECT count(*) FROM categories) + (SELECT count(*) FROM sub_categories) + (SELECT count(*) FROM series) + (SELECT count(*) FROM episodes) AS n")
      .get()
    const answer = await server.create(collection, fields)
    expect(answer.status).toBe(400)
    expect(answer.body.message).toMatch(message)
    expect(
      server.db
        .prepare("SELECT (SELECT count(*) FROM categories) + (SELECT count(*) FROM sub_categories) + (SELECT count(*) FROM series) + (SELECT count(*) FROM episodes) AS n")
        .get(),
    ).toEqual(before)
  })

  it("answers 404 for an unknown collection", async () => {
    expect((await server.create("subscriptions", { email: "x@example.com" })).status).toBe(404)
  })
})

describe("DELETE /admin/{collection}/{id}", () => {
  it("answers 204 with no body; the entity is gone; a second delete answers 404", async () => {
    const answer = await server.remove("episodes/1030")
    expect(answer.status).toBe(204)
    expect(answer.body).toBe("")
    expect((await server.call("/api/episodes/1030")).status).toBe(404)
    expect((await server.call("/api/series/107/episodes")).body.data.map((e: { id: number }) => e.id)).not.toContain(1030)
    expect((await server.remove("episodes/1030")).status).toBe(404)
  })

  it("answers 404 for an unknown id or collection", async () => {
    expect((await server.remove("series/99999")).status).toBe(404)
    expect((await server.remove("series/abc")).status).toBe(404)
    expect((await server.remove("subscriptions/1")).status).toBe(404)
  })

  it("deleting a subcategory deletes its series and their episodes", async () => {
    expect((await server.remove("sub-categories/12")).status).toBe(204)
    for (const url of ["/api/sub-categories/12", "/api/series/103", "/api/series/104", "/api/episodes/1016", "/api/episodes/1021"]) {
      expect((await server.call(url)).status).toBe(404)
    }
    const category = await server.call("/api/categories/1")
    expect(category.body.data.sub_categories.map((s: { id: number }) => s.id)).not.toContain(12)
  })

  it("never gives a deleted id to a new entity", async () => {
    const created = await server.create("categories", { title: "Temporary" })
    expect((await server.remove(`categories/${created.body.data.id}`)).status).toBe(204)
    const again = await server.create("categories", { title: "Another" })
    expect(again.body.data.id).toBe(created.body.data.id + 1)
  })
})

describe("PATCH moves", () => {
  it("moves an episode to another series with {series_id}; its subcategory follows", async () => {
    const moved = await server.edit("episodes/1040", { series_id: 102 })
    expect(moved.status).toBe(200)
    expect(moved.body.data).toMatchObject({ id: 1040, series_id: 102, sub_category_id: 11 })
  })

  it("refuses a move to nothing, naming the field", async () => {
    const answer = await server.edit("episodes/1040", { series_id: 99999 })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toMatch(/series_id: there is no series 99999/)
    expect((await server.edit("featured-collections/1", { category_id: 99 })).body.message).toMatch(/category_id/)
  })
})

/**
 * The status the server answers a request whose connection comes from
 * 203.0.113.7 (a documentation address): handed to its HTTP server as a real
 * request on a socket that says so, so any machine can send it.
 */
function requestFromElsewhere(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<number> {
  const socket = new net.Socket()
  Object.defineProperty(socket, "remoteAddress", { value: "203.0.113.7" })
  const request = new http.IncomingMessage(socket)
  Object.assign(request, { method, url, headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) } })
  const response = new http.ServerResponse(request)
  return new Promise((resolve) => {
    response.end = ((..._args: unknown[]) => {
      resolve(response.statusCode)
      return response
    }) as typeof response.end
    server.app.server.emit("request", request, response)
    if (body !== undefined) request.push(JSON.stringify(body))
    request.push(null)
  })
}

// Behind a reverse proxy on the same host every request is loopback: the
// token is what lets an editor in, wherever the request comes from.
describe("the admin token, not the address", () => {
  it.each([
    ["POST", "/admin/categories", { title: "x" }],
    ["DELETE", "/admin/episodes/1001", undefined],
  ] as const)("%s %s answers 401 without the token, from loopback and from another address, changing nothing", async (method, url, body) => {
    const categories = maxId("categories")
    expect(await requestFromElsewhere(method, url, body)).toBe(401)
    const fromLoopback = await server.call(url, {
      method,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    })
    expect(fromLoopback.status).toBe(401)
    expect((await server.call("/api/episodes/1001")).status).toBe(200)
    expect(maxId("categories")).toBe(categories)
  })

  it("does an editor's request from another address when it carries the token", async () => {
    expect(await requestFromElsewhere("PATCH", "/admin/episodes/1001", { title: "Edited from afar" }, ADMIN_AUTHORIZATION)).toBe(200)
    expect((await server.call("/api/episodes/1001")).body.data.title).toBe("Edited from afar")
  })
})
