import { randomBytes } from "node:crypto"
import fs from "node:fs"
import { waitFor } from "../helpers/wait-for"
import { freePort } from "../../node-kit/process/processes"
import { contentManager, link, type ContentManager } from "./helpers/content-manager"
import { compileStrapi, makeWorkspace, signIn, startStrapi, type StrapiServer, type StrapiWorkspace } from "./helpers/strapi-server"
import { webhookListener, type Delivery, type WebhookListener } from "./helpers/webhook-listener"

// Strapi as the catalogue's CMS (integrations/strapi), driven as an editor
// drives it, through the admin panel's content-manager routes: every edit
// shows in GET /api/changes (the published view, or the draft view with
// preview=1 and the token) with tombstones for what left a view, and reaches
// the publisher as a Standard Webhooks delivery that the official library
// verifies, retried under the same webhook-id while the publisher is busy or
// down, and after a restart of Strapi.

const SECRET = `whsec_${randomBytes(32).toString("base64")}`
const PREVIEW_TOKEN = `preview-${randomBytes(12).toString("hex")}`
const EPISODE = "api::episode.episode"
const SERIES = "api::series.series"
const DELIVERY_WAIT_MS = 30_000

let workspace: StrapiWorkspace
let strapi: StrapiServer
let listener: WebhookListener
let editor: ContentManager
let token = ""
/** Before Strapi first started on this workspace, so before its changes log began. */
let beforeFirstStart = 0

const strapiEnv = () => ({ PUBLISH_WEBHOOK_URL: listener.url, PUBLISH_WEBHOOK_SECRET: SECRET, CATALOGUE_PREVIEW_TOKEN: PREVIEW_TOKEN })

beforeAll(async () => {
  await compileStrapi()
  workspace = await makeWorkspace("strapi-changes-")
  listener = webhookListener(await freePort(), SECRET)
  await listener.up()
  beforeFirstStart = Date.now()
  strapi = await startStrapi(workspace, strapiEnv())
  token = await signIn(strapi.origin)
  editor = contentManager(strapi.origin, () => token)
}, 300_000)

afterAll(async () => {
  await strapi?.stop()
  await listener?.down()
  if (workspace) fs.rmSync(workspace.dir, { recursive: true, force: true })
}, 30_000)

type View = "published" | "draft"
interface Ref {
  type: string
  id: string | null
}

async function readFeed(since: string | undefined, view: View = "published", headers: Record<string, string> = {}) {
  const query = new URLSearchParams({ ...(since === undefined ? {} : { since }), ...(view === "draft" ? { preview: "1" } : {}) })
  const auth: Record<string, string> = view === "draft" && !("authorization" in headers) ? { authorization: `Bearer ${PREVIEW_TOKEN}` } : {}
  const response = await fetch(`${strapi.origin}/api/changes?${query}`, { headers: { ...auth, ...headers } })
  return { status: response.status, json: (await response.json()) as any } // eslint-disable-line @typescript-eslint/no-explicit-any -- any JSON Strapi answers
}

/** The feed of a view, which must answer 200. */
async function feed(since: string, view: View = "published"): Promise<{ now: string; changed: Ref[]; deleted: Ref[] }> {
  const { status, json } = await readFeed(since, view)
  if (status !== 200) throw new Error(`GET /api/changes?since=${since} (${view}) answered ${status}: ${JSON.stringify(json)}`)
  return json.data
}

/** The feed's own clock, to send back as the next since. */
const feedNow = async () => (await feed(new Date().toISOString())).now

const episodeRef = (id: string): Ref => ({ type: "episode", id })
const names = (delivery: Delivery, id: string) => delivery.body.refs.some((ref) => ref.type === "episode" && ref.id === id)

/** Where the listener's record stands now: `delivered` after it sees only what comes later. */
const mark = () => listener.deliveries.length

/** The first delivery the listener took (2xx) with this event naming the episode, from `from` on. */
function delivered(event: string, id: string, from = 0): Promise<Delivery> {
  return waitFor(async () => listener.deliveries.slice(from).find((delivery) => delivery.answered === 204 && delivery.body.event === event && names(delivery, id)), {
    timeout: DELIVERY_WAIT_MS,
    what: `a "${event}" delivery naming episode ${id}`,
    interval: 100,
  })
}

async function publishedEpisode(title: string): Promise<string> {
  const id = await editor.create(EPISODE, { title, episode: 1, video_path: "76979871" })
  await editor.publish(EPISODE, id)
  await delivered("publish", id)
  return id
}

/** The webhook-ids Strapi's log says failed at their first attempt while naming the episode. */
function failedDeliveries(id: string): string[] {
  const failed = new RegExp(`Catalogue webhook (msg_[0-9a-f]+) \\([^)]*episode ${id}[^)]*\\) to \\S+ failed with`, "g")
  return [...strapi.output().matchAll(failed)].map((match) => match[1]!)
}

describe("Strapi's changes feed and signed webhook", () => {
  it("delivers a signed publish naming a published episode, and the published feed lists it", async () => {
    const since = await feedNow()
    const id = await editor.create(EPISODE, { title: "Published at once", episode: 1, video_path: "76979871" })
    await editor.publish(EPISODE, id)
    const delivery = await delivered("publish", id)
    expect(delivery.verified).toBe(true)
    expect(delivery.webhookId).toMatch(/^msg_/)
    const published = await feed(since)
    expect(published.changed).toContainEqual(episodeRef(id))
    expect(published.deleted).not.toContainEqual(episodeRef(id))
    // The now it answered, sent back, is accepted, and lists what changes after it.
    const later = await editor.create(EPISODE, { title: "Right after", episode: 2, video_path: "76979872" })
    await editor.publish(EPISODE, later)
    expect((await feed(published.now)).changed).toContainEqual(episodeRef(later))
  }, 90_000)

  it("delivers draft for a saved draft, which only the preview feed lists", async () => {
    const id = await publishedEpisode("Before the draft")
    const [since, from] = [await feedNow(), mark()]
    await editor.save(EPISODE, id, { title: "Saved, not published" })
    expect((await delivered("draft", id, from)).verified).toBe(true)
    const published = await feed(since)
    expect([...published.changed, ...published.deleted]).not.toContainEqual(episodeRef(id))
    const drafts = await feed(since, "draft")
    expect(drafts.changed).toContainEqual(episodeRef(id))
    expect(drafts.deleted).not.toContainEqual(episodeRef(id))
  }, 90_000)

  it("delivers unpublish for an unpublish: a tombstone in the published feed, a change in the preview feed", async () => {
    const id = await publishedEpisode("To be unpublished")
    const [since, from] = [await feedNow(), mark()]
    await editor.unpublish(EPISODE, id)
    expect((await delivered("unpublish", id, from)).verified).toBe(true)
    const published = await feed(since)
    expect(published.deleted).toContainEqual(episodeRef(id))
    expect(published.changed).not.toContainEqual(episodeRef(id))
    const drafts = await feed(since, "draft")
    expect(drafts.changed).toContainEqual(episodeRef(id))
    expect(drafts.deleted).not.toContainEqual(episodeRef(id))
  }, 90_000)

  it("delivers unpublish for a delete, and both feeds list only its tombstone, though it was created after since", async () => {
    const since = await feedNow()
    const id = await publishedEpisode("To be deleted")
    const from = mark()
    await editor.remove(EPISODE, id)
    expect((await delivered("unpublish", id, from)).verified).toBe(true)
    for (const view of ["published", "draft"] as const) {
      const answer = await feed(since, view)
      expect({ view, deleted: answer.deleted }).toEqual({ view, deleted: expect.arrayContaining([episodeRef(id)]) })
      expect({ view, changed: answer.changed }).toEqual({ view, changed: expect.not.arrayContaining([episodeRef(id)]) })
    }
  }, 90_000)

  it("lists the series an episode joins or leaves, in the views where that happened, as the reference server does", async () => {
    const [first, second] = [await editor.create(SERIES, { title: "First series" }), await editor.create(SERIES, { title: "Second series" })]
    await Promise.all([editor.publish(SERIES, first), editor.publish(SERIES, second)])
    const beforePublish = await feedNow()
    const id = await editor.create(EPISODE, { title: "Joins the first", episode: 1, video_path: "76979871", series: link([first]) })
    await editor.publish(EPISODE, id)
    expect((await delivered("publish", id)).body.refs).toEqual(expect.arrayContaining([episodeRef(id), { type: "series", id: first }]))
    expect((await feed(beforePublish)).changed).toEqual(expect.arrayContaining([episodeRef(id), { type: "series", id: first }]))

    const [beforeMove, from] = [await feedNow(), mark()]
    await editor.save(EPISODE, id, { series: link([second], [first]) })
    expect((await delivered("draft", id, from)).body.refs).toEqual(
      expect.arrayContaining([
        { type: "series", id: first },
        { type: "series", id: second },
      ]),
    )
    expect((await feed(beforeMove, "draft")).changed).toEqual(expect.arrayContaining([episodeRef(id), { type: "series", id: first }, { type: "series", id: second }]))
    // Only the draft moved: the published view's series keep their episodes.
    expect((await feed(beforeMove)).changed).toEqual([])
  }, 90_000)

  it("lists only the episode for a change of its own data, and its series too when its number (its place there) changes, as the reference server does", async () => {
    const series = await editor.create(SERIES, { title: "Numbered series" })
    await editor.publish(SERIES, series)
    const id = await editor.create(EPISODE, { title: "Renamed in place", episode: 1, video_path: "76979871", series: link([series]) })
    await editor.publish(EPISODE, id)
    await delivered("publish", id)

    const [beforeRename, from] = [await feedNow(), mark()]
    await editor.save(EPISODE, id, { title: "Renamed in place, published" })
    await editor.publish(EPISODE, id)
    expect((await delivered("publish", id, from)).body.refs).toEqual([episodeRef(id)])
    expect((await feed(beforeRename)).changed).toEqual([episodeRef(id)])

    const [beforeRenumber, next] = [await feedNow(), mark()]
    await editor.save(EPISODE, id, { episode: 2 })
    await editor.publish(EPISODE, id)
    expect((await delivered("publish", id, next)).body.refs).toEqual(expect.arrayContaining([episodeRef(id), { type: "series", id: series }]))
    expect((await feed(beforeRenumber)).changed).toEqual(expect.arrayContaining([episodeRef(id), { type: "series", id: series }]))
  }, 90_000)

  it("sends a delivery the busy publisher answered 503 again, under the same webhook-id", async () => {
    const id = await editor.create(EPISODE, { title: "Refused at first", episode: 1, video_path: "76979871" })
    await delivered("draft", id)
    listener.refuseWhen((body) => body.refs.some((ref) => ref.id === id))
    await editor.publish(EPISODE, id)
    const refused = await waitFor(async () => listener.deliveries.find((delivery) => delivery.answered === 503 && names(delivery, id)), {
      timeout: DELIVERY_WAIT_MS,
      what: `a delivery naming episode ${id} answered 503`,
      interval: 100,
    })
    listener.refuseWhen(undefined)
    const retried = await delivered("publish", id)
    expect(retried.webhookId).toBe(refused.webhookId)
    expect(retried.verified).toBe(true)
  }, 90_000)

  it("sends a delivery made while the publisher was down once it is up, under the same webhook-id", async () => {
    await listener.down()
    let id = ""
    try {
      id = await editor.create(EPISODE, { title: "Made while down", episode: 1, video_path: "76979871" })
      await waitFor(async () => failedDeliveries(id)[0], { timeout: DELIVERY_WAIT_MS, what: `Strapi's log to say a delivery naming episode ${id} failed`, interval: 100 })
    } finally {
      await listener.up()
    }
    const [failed] = failedDeliveries(id)
    const arrived = await delivered("draft", id)
    expect(arrived.webhookId).toBe(failed)
    expect(arrived.verified).toBe(true)
  }, 90_000)

  it("loses no edit when Strapi stops with deliveries pending: they go after it starts again, and the feed lists the edit", async () => {
    const since = await feedNow()
    await listener.down()
    let id = ""
    try {
      id = await editor.create(EPISODE, { title: "Published before a restart", episode: 1, video_path: "76979871" })
      await editor.publish(EPISODE, id)
      await waitFor(async () => failedDeliveries(id)[0], { timeout: DELIVERY_WAIT_MS, what: `Strapi's log to say a delivery naming episode ${id} failed`, interval: 100 })
      await strapi.stop()
    } finally {
      await listener.up()
    }
    expect(listener.deliveries.filter((delivery) => names(delivery, id))).toEqual([])
    const failedBefore = failedDeliveries(id)
    strapi = await startStrapi(workspace, strapiEnv())
    token = await signIn(strapi.origin)
    const published = await delivered("publish", id)
    expect(published.verified).toBe(true)
    for (const webhookId of failedBefore) {
      await waitFor(async () => listener.deliveries.find((delivery) => delivery.webhookId === webhookId && delivery.answered === 204), {
        timeout: DELIVERY_WAIT_MS,
        what: `the delivery ${webhookId}, which failed before the restart`,
        interval: 100,
      })
    }
    expect((await feed(since)).changed).toContainEqual(episodeRef(id))
  }, 240_000)

  it("answers 410 { message } for a since missing, not a date, older than 30 days or before its log began, and 401 to preview=1 without the token", async () => {
    const day = 24 * 60 * 60 * 1000
    const sinces = [undefined, "yesterday", new Date(Date.now() - 31 * day).toISOString(), new Date(beforeFirstStart - 60_000).toISOString()]
    for (const since of sinces) {
      for (const view of ["published", "draft"] as const) {
        const { status, json } = await readFeed(since, view)
        expect({ since, view, status, message: typeof json.message }).toEqual({ since, view, status: 410, message: "string" })
      }
    }
    const now = new Date().toISOString()
    for (const authorization of [undefined, "Bearer not-the-token"]) {
      const { status, json } = await readFeed(now, "draft", authorization ? { authorization } : { authorization: "" })
      expect({ authorization, status, message: typeof json.message }).toEqual({ authorization, status: 401, message: "string" })
    }
    expect((await readFeed(now, "published", { authorization: "Bearer not-the-token" })).status).toBe(200)
  }, 60_000)
})
