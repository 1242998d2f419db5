import { ANSWERS, type ApiChanges, type ApiRef } from "../../../contract/schemas"
import { expectContract } from "../helpers/contract"
import { startTestServer, type TestServer } from "../helpers/test-server"

// catalogue-api.md, "Changes feed and publish webhook": GET /api/changes?since= as the
// reference server answers it, after the editor's writes of the admin API.

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})

afterAll(async () => {
  await server.destroy()
})

/** Lets the clock move, so what follows is stamped later than what came before. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

const changesUrl = (since: string) => `/api/changes?since=${encodeURIComponent(since)}`

/** The feed's `data` for `since`, once the whole answer has parsed with the contract's schema. */
async function changes(since: string): Promise<ApiChanges> {
  const { status, body } = await server.call(changesUrl(since))
  expect(status).toBe(200)
  return expectContract(ANSWERS.changes, body).data
}

/** A `since` from which nothing has changed yet: the feed's own `now`, after the clock has moved past earlier writes. */
async function mark(): Promise<string> {
  await tick()
  const { now } = await changes(new Date().toISOString())
  await tick()
  return now
}

const sorted = (refs: ApiRef[]) => [...refs].sort((a, b) => `${a.type} ${a.id}`.localeCompare(`${b.type} ${b.id}`))
const ref = (type: ApiRef["type"], id: number | null): ApiRef => ({ type, id })

describe("GET /api/changes", () => {
  it("answers now (ISO 8601 with milliseconds, the server's clock) and empty lists when nothing changed", async () => {
    const before = Date.now()
    const since = await mark()
    expect(since).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect(Date.parse(since)).toBeGreaterThanOrEqual(before)
    const answer = await changes(since)
    expect(answer.changed).toEqual([])
    expect(answer.deleted).toEqual([])
    expect(Date.parse(answer.now)).toBeGreaterThanOrEqual(Date.parse(since))
  })

  it("lists an edited entity, and only it, for a plain field edit", async () => {
    const since = await mark()
    expect((await server.edit("episodes/1001", { title: "Edited for the feed" })).status).toBe(200)
    expect(await changes(since)).toEqual({ now: expect.any(String), changed: [ref("episode", 1001)], deleted: [] })
  })

  it("misses nothing changed right after a now: the next since=now answer has it", async () => {
    const { now } = await changes(new Date().toISOString())
    expect((await server.edit("series/103", { description: "<p>Right after now</p>" })).status).toBe(200)
    const next = await changes(now)
    expect(next.changed).toContainEqual(ref("series", 103))
    // Taken before reading: from the next now on, only what changed after.
    await tick()
    expect((await changes(next.now)).changed).toEqual([])
  })

  it("lists a created entity and the parent that now lists it", async () => {
    const since = await mark()
    const created = await server.create("episodes", { series_id: 104, path: "790000001", title: "New episode" })
    expect(created.status).toBe(201)
    expect(sorted((await changes(since)).changed)).toEqual(sorted([ref("episode", created.body.data.id), ref("series", 104)]))
  })

  it("lists a deleted entity as deleted, never as changed, and its parent as changed", async () => {
    const since = await mark()
    expect((await server.remove("episodes/1020")).status).toBe(204)
    const answer = await changes(since)
    expect(answer.deleted).toEqual([ref("episode", 1020)])
    expect(answer.changed).toEqual([ref("series", 104)])
  })

  it("an entity created and deleted since then is only deleted", async () => {
    const since = await mark()
    const created = await server.create("series", { sub_category_id: 14, title: "Short-lived" })
    expect(created.status).toBe(201)
    expect((await server.remove(`series/${created.body.data.id}`)).status).toBe(204)
    const answer = await changes(since)
    expect(answer.deleted).toEqual([ref("series", created.body.data.id)])
    expect(answer.changed).toEqual([ref("subcategory", 14)])
  })

  it("moving an episode to another series lists it and both series", async () => {
    const since = await mark()
    const moved = await server.edit("episodes/1003", { series_id: 102 })
    expect(moved.status).toBe(200)
    expect(moved.body.data.series_id).toBe(102)
    expect(sorted((await changes(since)).changed)).toEqual(sorted([ref("episode", 1003), ref("series", 101), ref("series", 102)]))
    const into = await server.call("/api/series/102/episodes")
    const outOf = await server.call("/api/series/101/episodes")
    expect(into.body.data.map((e: { id: number }) => e.id)).toContain(1003)
    expect(outOf.body.data.map((e: { id: number }) => e.id)).not.toContain(1003)
  })

  it("moving a subcategory to another category lists it and both categories", async () => {
    const since = await mark()
    expect((await server.edit("sub-categories/17", { category_id: 4 })).status).toBe(200)
    expect(sorted((await changes(since)).changed)).toEqual(sorted([ref("subcategory", 17), ref("category", 1), ref("category", 4)]))
    const wellness = await server.call("/api/categories/4")
    expect(wellness.body.data.sub_categories.at(-1).id).toBe(17)
  })

  it("moving a series to another subcategory lists it, both subcategories, and its episodes that follow it", async () => {
    const since = await mark()
    expect((await server.edit("series/109", { sub_category_id: 15 })).status).toBe(200)
    expect(sorted((await changes(since)).changed)).toEqual(
      sorted([ref("series", 109), ref("subcategory", 14), ref("subcategory", 15), ...[1032, 1033, 1034].map((id) => ref("episode", id))]),
    )
    expect((await server.call("/api/episodes/1032")).body.data.sub_category_id).toBe(15)
  })

  it("a site settings edit lists site-settings with a null id", async () => {
    const since = await mark()
    expect((await server.edit("site-settings", { twitter_site: "@feedtest" })).status).toBe(200)
    expect((await changes(since)).changed).toEqual([ref("site-settings", null)])
  })

  it("deleting a series deletes its episodes too; the search forgets it", async () => {
    const since = await mark()
    expect((await server.remove("series/110")).status).toBe(204)
    const answer = await changes(since)
    expect(answer.deleted).toEqual([ref("series", 110), ...[1035, 1036, 1037].map((id) => ref("episode", id))])
    expect(answer.changed).toEqual([ref("subcategory", 15)])
    const search = await server.call(`/api/search?q=${encodeURIComponent("Knockout Cardio")}`)
    expect(JSON.stringify(search.body)).not.toMatch(/Knockout/)
  })

  it("deleting a category deletes all it holds, and detaches the featured item that showed it", async () => {
    const since = await mark()
    expect((await server.remove("categories/3")).status).toBe(204)
    const answer = await changes(since)
    expect(answer.deleted).toContainEqual(ref("category", 3))
    expect(answer.deleted).toContainEqual(ref("subcategory", 29))
    expect(answer.deleted).toContainEqual(ref("series", 124))
    expect(answer.deleted).toContainEqual(ref("episode", 1077))
    expect(answer.deleted).toHaveLength(1 + 5 + 5 + 17)
    expect(answer.changed).toEqual([ref("featured", 2)])
    const featured = (await server.call("/api/featured-collections")).body.data.find((item: { id: number }) => item.id === 2)
    expect(featured.category).toEqual([])
    expect((await server.call("/api/sub-categories/29")).status).toBe(404)
  })

  it("accepts since with an offset or without seconds, and a + that arrived as a space", async () => {
    const since = await mark()
    expect((await server.edit("episodes/1005", { title: "Offsets" })).status).toBe(200)
    const sinceMs = Date.parse(since)
    const plus2 = new Date(sinceMs + 2 * 3_600_000).toISOString().replace("Z", "+02:00")
    expect((await changes(plus2)).changed).toEqual([ref("episode", 1005)])
    const unencoded = await server.call(`/api/changes?since=${plus2}`)
    expect(unencoded.status).toBe(200)
    expect(unencoded.body.data.changed).toEqual([ref("episode", 1005)])
    // The next whole minute: nothing yet, but a valid since.
    const minutes = new Date(sinceMs + 60_000).toISOString().slice(0, 16) + "Z"
    expect(await changes(minutes)).toEqual({ now: expect.any(String), changed: [], deleted: [] })
  })

  it.each([
    ["missing", "/api/changes"],
    ["empty", "/api/changes?since="],
    ["not a date", "/api/changes?since=yesterday"],
    ["a date without a time", "/api/changes?since=2024-05-01"],
    ["a time without a zone", "/api/changes?since=2024-05-01T10:00:00"],
    ["older than the tombstones", changesUrl(new Date(Date.now() - 31 * 24 * 3_600_000).toISOString())],
    ["before the catalogue began recording", changesUrl(new Date(Date.now() - 24 * 3_600_000).toISOString())],
  ])("answers 410 with a message when since is %s", async (_case, url) => {
    const { status, body } = await server.call(url)
    expect(status).toBe(410)
    expect(expectContract(ANSWERS.error, body).message).toMatch(/read the whole catalogue/)
  })

  it("is open to any origin, as the rest of the API", async () => {
    const { headers } = await server.call(changesUrl(new Date().toISOString()), { headers: { origin: "http://site.example" } })
    expect(headers.get("access-control-allow-origin")).toBe("*")
  })
})

describe("tombstone retention", () => {
  let short: TestServer

  beforeAll(async () => {
    // Half a second instead of 30 days.
    short = await startTestServer({ tombstoneDays: 0.5 / 86_400 })
  })

  afterAll(async () => {
    await short.destroy()
  })

  it("answers 410 for a since older than the retention, and prunes older tombstones", async () => {
    // A since ahead of the server's clock is inside the half-second retention however long the
    // request takes on a loaded machine; `now` of the answer is the server's own clock.
    const ahead = () => changesUrl(new Date(Date.now() + 3600_000).toISOString())
    const first = await short.call(ahead())
    expect(first.status).toBe(200)
    expect((await short.remove("episodes/1001")).status).toBe(204)
    expect(short.db.prepare("SELECT count(*) AS n FROM tombstones").get()).toEqual({ n: 1 })
    await new Promise((resolve) => setTimeout(resolve, 700))
    const stale = await short.call(changesUrl(first.body.data.now))
    expect(stale.status).toBe(410)
    expect(stale.body.message).toMatch(/deletions are kept/)
    const fresh = await short.call(ahead())
    expect(fresh.status).toBe(200)
    expect(short.db.prepare("SELECT count(*) AS n FROM tombstones").get()).toEqual({ n: 0 })
  })
})

describe("CMS_CHANGES=off", () => {
  it("answers 404, as a backend without a changes feed", async () => {
    const off = await startTestServer({ changes: false })
    try {
      const { status, body } = await off.call(changesUrl(new Date().toISOString()))
      expect(status).toBe(404)
      expectContract(ANSWERS.error, body)
    } finally {
      await off.destroy()
    }
  })
})
