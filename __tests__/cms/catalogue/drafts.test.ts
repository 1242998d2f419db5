import http from "node:http"
import type { AddressInfo } from "node:net"
import { PREVIEW_TOKEN_HEADER } from "../../../contract/preview/draft-videos"
import { secretKeys } from "../../../contract/webhook-signature"
import { ANSWERS, WebhookBody, type ApiWebhookBody } from "../../../contract/schemas"
import { NO_DRAFTS_MESSAGE } from "../../../cms/src/admin/routes/drafts"
import { NO_DRAFT_VIEW_MESSAGE } from "../../../cms/src/catalogue/routes/views"
import { expectContract } from "../helpers/contract"
import { startTestServer, type Answer, type TestServer } from "../helpers/test-server"
import { waitFor } from "../../helpers/wait-for"

// catalogue-api.md, "Drafts and preview", as the reference server keeps it: an
// editor's drafts in a catalogue of their own, the draft view behind
// preview=1 and CATALOGUE_PREVIEW_TOKEN, its changes feed, and publish and
// discard. The published view, search and subscribe never show a draft.

const PREVIEW_TOKEN = "preview-token-0123456789abcdef"
const SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`

let server: TestServer
let hooks: ApiWebhookBody[]
let receiver: http.Server

beforeAll(async () => {
  hooks = []
  receiver = http.createServer((request, response) => {
    let body = ""
    request.on("data", (chunk) => (body += chunk))
    request.on("end", () => {
      hooks.push(WebhookBody.parse(JSON.parse(body)))
      response.writeHead(200).end("{}")
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/catalogue`
  server = await startTestServer({ webhook: { url, keys: secretKeys(SECRET), retryBaseMs: 50 } }, { drafts: { previewToken: PREVIEW_TOKEN } })
})

afterAll(async () => {
  await server.destroy()
  receiver.closeAllConnections()
  await new Promise((resolve) => receiver.close(resolve))
})

/** The draft view of an API path, as the preview lane's build asks for it. */
const preview = (path: string, token = PREVIEW_TOKEN) => server.call(`${path}${path.includes("?") ? "&" : "?"}preview=1`, { headers: { authorization: `Bearer ${token}` } })
const published = (path: string) => server.call(path)
const json = (method: string, path: string, fields?: unknown): Promise<Answer> =>
  server.admin(path, fields === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(fields) })
const saveDraft = (path: string, fields: unknown) => json("PATCH", `drafts/${path}`, fields)
const discard = (path: string) => json("POST", `drafts/${path}/discard`)
const publish = (path: string) => json("POST", `drafts/${path}/publish`)
const unique = (what: string) => `${what} ${Math.random().toString(36).slice(2, 8)}`
/** The draft changes feed since `since`. */
const draftFeed = async (since: string) => expectContract(ANSWERS.changes, (await preview(`/api/changes?since=${since}`)).body).data
const hooksFor = (event: ApiWebhookBody["event"], type: string, id: number) =>
  hooks.filter((hook) => hook.event === event && hook.refs.some((ref) => ref.type === type && ref.id === id))

describe("the draft view", () => {
  it("is refused without the preview token, with a wrong one, and never shown without preview=1", async () => {
    const missing = await server.call("/api/episodes/1001?preview=1")
    expect(missing.status).toBe(401)
    expect(missing.body.message).toMatch(/preview token.*CATALOGUE_PREVIEW_TOKEN/)
    const wrong = await preview("/api/episodes/1001", "not-the-token-at-all-0000")
    expect(wrong.status).toBe(401)
    expect(wrong.body.message).toMatch(/preview token is wrong/)
    const title = unique("Drafted only")
    await saveDraft("episodes/1001", { title })
    // The token without preview=1: the published view.
    const withToken = await server.call("/api/episodes/1001", { headers: { authorization: `Bearer ${PREVIEW_TOKEN}` } })
    expect(withToken.body.data.title).not.toBe(title)
    expect(withToken.body.data.draft).toBeUndefined()
    const drafted = await preview("/api/episodes/1001")
    expect(drafted.headers.get("cache-control")).toBe("private, no-store")
    expect(expectContract(ANSWERS.episode, drafted.body).data).toMatchObject({ title, draft: true })
    await discard("episodes/1001")
  })

  it("shows a saved draft in every answer that holds the entity, flags it, and leaves the published view as it was", async () => {
    const before = (await published("/api/series/101")).body.data
    const title = unique("Draft Series Title")
    const saved = await saveDraft("series/101", { title })
    expect(saved.status).toBe(200)
    expect(saved.body.data).toMatchObject({ id: 101, title, draft: true })
    expect((await published("/api/series/101")).body.data).toEqual(before)

    const series = expectContract(ANSWERS.series, (await preview("/api/series/101")).body).data
    expect(series).toMatchObject({ title, draft: true })
    const subcategoryId = (server.db.prepare("SELECT sub_category_id FROM series WHERE id = 101").get() as { sub_category_id: number }).sub_category_id
    const listed = expectContract(ANSWERS.subcategory, (await preview(`/api/sub-categories/${subcategoryId}`)).body).data.series!
    expect(listed.find((entry) => entry?.id === 101)).toMatchObject({ title, draft: true })
    // What no draft touches says so.
    expect(listed.filter((entry) => entry?.id !== 101).every((entry) => entry?.draft === false)).toBe(true)
    // Search is never previewed.
    expect(JSON.stringify((await server.call(`/api/search?q=${encodeURIComponent(title)}&preview=1`)).body)).not.toContain(title)

    const discarded = await discard("series/101")
    expect(discarded.body.data).toMatchObject({ title: before.title, draft: false })
    expect((await preview("/api/series/101")).body.data).toMatchObject({ title: before.title, draft: false })
  })

  it("publishes a draft: the published view, search and the live changes feed take it, and it is no longer a draft", async () => {
    const since = new Date().toISOString()
    const title = unique("Published From A Draft")
    await saveDraft("series/102", { title, tags: ["Draft tag"] })
    expect((await published("/api/series/102")).body.data.title).not.toBe(title)
    const answer = await publish("series/102")
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({ id: 102, title, tags: [{ title: "Draft tag" }] })
    expect(answer.body.data.draft).toBeUndefined()
    expect((await published("/api/series/102")).body.data.title).toBe(title)
    expect((await preview("/api/series/102")).body.data).toMatchObject({ title, draft: false })
    expect(JSON.stringify((await server.call(`/api/search?q=${encodeURIComponent(title)}`)).body)).toContain(title)
    const live = (await published(`/api/changes?since=${since}`)).body.data
    expect(live.changed).toContainEqual({ type: "series", id: 102 })
    // A publish changes both views.
    expect((await draftFeed(since)).changed).toContainEqual({ type: "series", id: 102 })
    await waitFor(() => hooksFor("publish", "series", 102).length > 0, { timeout: 10_000, what: () => "a publish webhook naming series 102" })
  })

  it("creates a series and its episode as drafts: in the draft view only, then published container first", async () => {
    const subcategoryId = 13
    const title = unique("Draft Only Series")
    const created = await json("POST", "drafts/series", { sub_category_id: subcategoryId, title })
    expect(created.status).toBe(201)
    const seriesId = created.body.data.id as number
    expect(created.body.data).toMatchObject({ title, draft: true })
    expect((await published(`/api/series/${seriesId}`)).status).toBe(404)
    expect((await published(`/api/sub-categories/${subcategoryId}`)).body.data.series.map((s: { id: number }) => s.id)).not.toContain(seriesId)
    expect((await preview(`/api/sub-categories/${subcategoryId}`)).body.data.series.map((s: { id: number }) => s.id)).toContain(seriesId)

    const episode = await json("POST", "drafts/episodes", { series_id: seriesId, path: "790000901", title: "Draft Episode" })
    expect(episode.status).toBe(201)
    const episodeId = episode.body.data.id as number
    // A published entity never takes a draft's id.
    const other = await server.create("series", { sub_category_id: subcategoryId, title: unique("Published At Once") })
    expect(other.body.data.id).toBeGreaterThan(seriesId)
    // The video host holds a draft episode's video, and shows it to the preview build alone (video-host/draft-videos.test.ts).
    const lookUp = (headers: Record<string, string>) => server.call("/video-host/videos/790000901", { headers: { authorization: "Bearer contract-test-token", ...headers } })
    expect((await lookUp({})).status).toBe(404)
    expect((await lookUp({ [PREVIEW_TOKEN_HEADER]: PREVIEW_TOKEN })).status).toBe(200)

    const tooEarly = await publish(`episodes/${episodeId}`)
    expect(tooEarly.status).toBe(400)
    expect(tooEarly.body.message).toBe(`episode ${episodeId} is in series ${seriesId}, which is not published yet: publish that first`)
    expect((await publish(`series/${seriesId}`)).status).toBe(200)
    expect((await publish(`episodes/${episodeId}`)).status).toBe(200)
    expect((await published(`/api/episodes/${episodeId}`)).body.data).toMatchObject({ series_id: seriesId, title: "Draft Episode" })
    expect((await preview(`/api/episodes/${episodeId}`)).body.data.draft).toBe(false)
    expect((await lookUp({})).status).toBe(200)
  })

  it("discards a draft-only entity: gone from the draft view, reported deleted by the draft feed", async () => {
    const since = new Date().toISOString()
    const created = await json("POST", "drafts/categories", { title: unique("Draft Category") })
    const id = created.body.data.id as number
    expect((await preview("/api/categories")).body.data.map((c: { id: number }) => c.id)).toContain(id)
    expect((await discard(`categories/${id}`)).body.data).toBeNull()
    expect((await preview(`/api/categories/${id}`)).status).toBe(404)
    expect((await draftFeed(since)).deleted).toContainEqual({ type: "category", id })
    expect((await published(`/api/changes?since=${since}`)).body.data).toMatchObject({ changed: [], deleted: [] })
    await waitFor(() => hooksFor("draft", "category", id).length >= 2, { timeout: 10_000, what: () => "draft webhooks for the create and the discard" })
  })

  it("a drafted deletion hides the series and its episodes in the draft view only, and discarding it brings them all back", async () => {
    const since = new Date().toISOString()
    const episodes = (await published("/api/series/103/episodes")).body.data as { id: number }[]
    expect(episodes.length).toBeGreaterThan(0)
    expect((await json("DELETE", "drafts/series/103")).status).toBe(204)
    expect((await preview("/api/series/103")).status).toBe(404)
    expect((await preview(`/api/episodes/${episodes[0]!.id}`)).status).toBe(404)
    expect((await published("/api/series/103")).status).toBe(200)
    expect((await draftFeed(since)).deleted).toEqual(
      expect.arrayContaining([
        { type: "series", id: 103 },
        { type: "episode", id: episodes[0]!.id },
      ]),
    )
    const pending = (await server.admin("drafts")).body.data
    expect(pending).toContainEqual(expect.objectContaining({ type: "series", id: 103, kind: "deleted" }))

    await discard("series/103")
    expect((await preview("/api/series/103")).body.data.draft).toBe(false)
    expect(((await preview("/api/series/103/episodes")).body.data as { id: number }[]).map((e) => e.id).sort()).toEqual(episodes.map((e) => e.id).sort())
    expect((await draftFeed(since)).changed).toEqual(
      expect.arrayContaining([
        { type: "series", id: 103 },
        { type: "episode", id: episodes[0]!.id },
      ]),
    )
    expect((await server.admin("drafts")).body.data.filter((entry: { type: string; id: number }) => entry.type === "series" && entry.id === 103)).toEqual([])
  })

  it("publishes a drafted deletion: the published view loses the series and its episodes", async () => {
    const series = await server.create("series", { sub_category_id: 13, title: unique("Doomed") })
    const id = series.body.data.id as number
    const episode = await server.create("episodes", { series_id: id, path: "790000902" })
    await json("DELETE", `drafts/series/${id}`)
    expect((await published(`/api/series/${id}`)).status).toBe(200)
    expect((await publish(`series/${id}`)).body.data).toBeNull()
    expect((await published(`/api/series/${id}`)).status).toBe(404)
    expect((await published(`/api/episodes/${episode.body.data.id}`)).status).toBe(404)
  })

  it("takes a change published at once into the draft view too, keeping the entity's other drafted fields", async () => {
    const draftDescription = "<p>Drafted description.</p>"
    await saveDraft("episodes/1002", { description: draftDescription })
    const title = unique("Published At Once")
    expect((await server.edit("episodes/1002", { title })).status).toBe(200)
    expect((await published("/api/episodes/1002")).body.data).toMatchObject({ title })
    expect((await published("/api/episodes/1002")).body.data.description).not.toBe(draftDescription)
    expect((await preview("/api/episodes/1002")).body.data).toMatchObject({ title, description: draftDescription, draft: true })
    await discard("episodes/1002")
    expect((await preview("/api/episodes/1002")).body.data).toMatchObject({ title, draft: false })
  })

  it("keeps drafts of the site settings, and publishes them", async () => {
    const siteName = unique("Draft Site")
    const before = (await published("/api/site-settings")).body.data
    const saved = await saveDraft("site-settings", { site_name: siteName })
    expect(saved.body.data).toMatchObject({ site_name: siteName, draft: true })
    expect((await published("/api/site-settings")).body.data).toEqual(before)
    expect(expectContract(ANSWERS.siteSettings, (await preview("/api/site-settings")).body).data).toMatchObject({ site_name: siteName, draft: true })
    expect((await server.admin("drafts")).body.data).toContainEqual({ type: "site-settings", id: null, kind: "edited", title: null })
    expect((await publish("site-settings")).body.data.site_name).toBe(siteName)
    expect((await published("/api/site-settings")).body.data.site_name).toBe(siteName)
    expect((await preview("/api/site-settings")).body.data).toMatchObject({ site_name: siteName, draft: false })
  })

  it("says what it refuses: a draft of an entity neither catalogue has, and a bad field", async () => {
    expect((await saveDraft("episodes/999999", { title: "x" })).status).toBe(404)
    expect((await discard("episodes/999999")).body.message).toBe("episodes 999999 is neither published nor in the drafts.")
    const bad = await saveDraft("episodes/1001", { episode: "two" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/episode must be a whole number/)
  })

  it("keeps drafts across a restart", async () => {
    const title = unique("Kept Draft")
    await saveDraft("categories/2", { title })
    server = await server.restart()
    expect((await preview("/api/categories/2")).body.data).toMatchObject({ title, draft: true })
    expect((await published("/api/categories/2")).body.data.title).not.toBe(title)
    await discard("categories/2")
  })
})

describe("a catalogue without drafts (CMS_DRAFTS=off)", () => {
  let plain: TestServer
  beforeAll(async () => {
    plain = await startTestServer()
  })
  afterAll(async () => {
    await plain.destroy()
  })

  it("answers preview=1 with 401, saying it has no draft view, and its drafts routes with 404", async () => {
    const answer = await plain.call("/api/categories?preview=1", { headers: { authorization: `Bearer ${PREVIEW_TOKEN}` } })
    expect(answer.status).toBe(401)
    expect(answer.body.message).toBe(NO_DRAFT_VIEW_MESSAGE)
    const route = await plain.admin("drafts/episodes/1001", { method: "PATCH", headers: { "content-type": "application/json" }, body: "{}" })
    expect(route.status).toBe(404)
    expect(route.body.message).toBe(NO_DRAFTS_MESSAGE)
    // Published at once, as before.
    expect((await plain.edit("episodes/1001", { title: "Still Published At Once" })).status).toBe(200)
  })
})
