import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { freePort } from "../../node-kit/process/processes"
import { editView, signInToAdmin, type EditView } from "../../scripts/strapi/content-manager"
import { waitFor } from "../helpers/wait-for"
import { startStrapi, type SeededStrapi } from "../helpers/strapi"
import { publisherProcess, type PublisherProcess } from "./helpers/publisher-process"
import { startWebhookRelay, type WebhookRelay } from "./helpers/webhook-relay"

// A Strapi restart or outage loses no edit. A seeded Strapi sends its signed
// webhook, through a relay that plays the network, to a publisher (as `npm
// run publisher` runs it, building with the fake build, which reads each
// watched episode from Strapi into its page) that also asks Strapi's
// changes feed every second. An editor publishes through the content
// manager while the publisher is down, while Strapi stops with the
// delivery in flight, and with the delivery lost just before Strapi goes
// down: each edit ends up on the live site, and while Strapi is down the
// publisher says so and keeps serving what it has.

const EPISODES = { publisherDown: "1002", strapiStopped: "1003", lostThenOutage: "1004" }
const LIVE_WAIT_MS = 90_000

let dir: string
let strapi: SeededStrapi
let relay: WebhookRelay
let publisher: PublisherProcess
let episodes: EditView

let strapiDown = false

const signIn = async () => (episodes = editView(strapi.origin, await signInToAdmin(strapi.origin, strapi.adminEmail, strapi.adminPassword), "api::episode.episode"))

/** Strapi stopped, its workspace kept: an outage. */
async function haltStrapi() {
  strapiDown = true
  await strapi.halt()
}

/** Strapi started again on the same workspace and port, and the editor signed in again. */
async function restartStrapi() {
  await strapi.restart()
  strapiDown = false
  await signIn()
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "strapi-outage-"))
  const publisherPort = await freePort()
  relay = await startWebhookRelay(await freePort(), `http://127.0.0.1:${publisherPort}/hooks/catalogue`)
  // The first Strapi of a run may install, build and seed first (minutes in CI); later ones start in seconds.
  strapi = await startStrapi({ webhookUrl: relay.url })
  await signIn()
  publisher = publisherProcess({
    dir,
    port: publisherPort,
    apiUrl: strapi.apiUrl,
    webhookSecret: strapi.webhookSecret,
    changesPollMs: 1000,
    plan: { catalogueEpisodes: Object.values(EPISODES) },
  })
  await publisher.start()
  await waitFor(async () => ((await publisher.status()).live ? true : undefined), { timeout: 60_000, what: "the publisher's first build from Strapi", interval: 100 })
}, 15 * 60_000)

// Each test starts with everything up and passing deliveries on, whatever one that failed halfway left.
beforeEach(async () => {
  relay.setMode("pass")
  if (strapiDown) await restartStrapi()
  if (!publisher.running()) await publisher.start()
}, 180_000)

afterAll(async () => {
  await publisher?.stop()
  await strapi?.stop()
  await relay?.close()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
}, 60_000)

/** Waits until the live site's page of the episode shows `title`. */
const liveWith = (id: string, title: string) =>
  waitFor(async () => ((await publisher.page(`/detail/${id}/`)).text.includes(title) ? true : undefined), {
    timeout: LIVE_WAIT_MS,
    what: `the live page of episode ${id} to show "${title}"`,
    interval: 200,
  })

/** The first delivery through the relay naming the episode, from the `from`th on. */
const deliveryNaming = (id: string, from: number) =>
  waitFor(async () => relay.deliveries.slice(from).find((delivery) => delivery.body.refs.some((ref) => ref.type === "episode" && ref.id === id)), {
    timeout: 30_000,
    what: `Strapi's delivery naming episode ${id}`,
    interval: 20,
  })

// eslint-disable-next-line no-control-regex -- strips the terminal's escape sequences, which start with ESC
const strapiLog = () => fs.readFileSync(path.join(strapi.dir, "strapi.log"), "utf8").replace(/\x1b\[[0-9;]*m/g, "")

describe("a Strapi restart or outage loses no edit", () => {
  it("builds an edit published while the publisher was down, once it is back", async () => {
    const id = EPISODES.publisherDown
    await publisher.stop()
    await episodes.publish(id, { title: "Published while the publisher was down" })
    const failed = new RegExp(`Catalogue webhook msg_[0-9a-f]+ \\([^)]*episode ${id}(?=[,)])[^)]*\\) to \\S+ failed with`)
    await waitFor(async () => (failed.test(strapiLog()) ? true : undefined), {
      timeout: 30_000,
      what: `Strapi's log to say its delivery naming episode ${id} failed`,
      interval: 100,
    })
    await publisher.start()
    await liveWith(id, "Published while the publisher was down")
  }, 180_000)

  it("builds an edit whose delivery was under way when Strapi stopped, once Strapi is started again on the same workspace", async () => {
    const id = EPISODES.strapiStopped
    relay.setMode("hold")
    const from = relay.deliveries.length
    await episodes.publish(id, { title: "Committed, then Strapi stopped" })
    const held = await deliveryNaming(id, from)
    await haltStrapi()
    relay.setMode("pass")
    await restartStrapi()
    await liveWith(id, "Committed, then Strapi stopped")
    // The delivery under way is sent again after the restart, under its webhook-id, and the publisher takes it.
    const again = await waitFor(async () => relay.deliveries.find((delivery) => delivery !== held && delivery.webhookId === held.webhookId && delivery.answered !== undefined), {
      timeout: 30_000,
      what: `the delivery ${held.webhookId}, under way when Strapi stopped, sent again`,
      interval: 100,
    })
    expect(again.answered).toBeGreaterThanOrEqual(200)
    expect(again.answered).toBeLessThan(300)
  }, 180_000)

  it("while Strapi is down, says so and keeps its live site; once Strapi is back, its changes poller builds an edit whose delivery was lost", async () => {
    const id = EPISODES.lostThenOutage
    const before = (await publisher.page(`/detail/${EPISODES.publisherDown}/`)).text
    // Every delivery from here on is lost, this edit's and any an earlier test left to retry (a
    // restarted Strapi sends those at once), so only the changes poller can build the edit.
    relay.setMode("lose")
    // A build that a delivery taken before started reads every change since the last build from the changes feed,
    // this edit's too if it starts after it: the edit is made once no such build is under way or queued.
    await waitFor(
      async () => {
        const status = await publisher.status()
        return status.building === null && status.queued.length === 0 ? true : undefined
      },
      { timeout: 60_000, what: "the publisher to finish the builds deliveries before this test asked for", interval: 100 },
    )
    const from = relay.deliveries.length
    await episodes.publish(id, { title: "Its webhook lost, then Strapi went down" })
    expect((await deliveryNaming(id, from)).mode).toBe("lose")
    await haltStrapi()
    // Nothing can start a build now; one that started before the stop ends first (a failed read keeps the live site).
    const settled = await waitFor(
      async () => {
        const status = await publisher.status()
        return status.building === null && status.queued.length === 0 ? status : undefined
      },
      { timeout: 60_000, what: "the publisher to have no build under way or queued", interval: 100 },
    )
    const reported = publisher.output().length
    const failedRounds = () =>
      publisher
        .output()
        .slice(reported)
        .match(/WARN\s+Asking the changes feed failed \([^)]*\); asking again at the next round/g) ?? []
    await waitFor(async () => (failedRounds().length >= 2 ? true : undefined), {
      timeout: 30_000,
      what: "the publisher to report two rounds of its changes poller that could not reach Strapi",
      interval: 100,
    })

    const during = await publisher.status()
    expect(during.live?.releaseId).toBe(settled.live?.releaseId)
    expect(during.building).toBeNull()
    expect(await publisher.page(`/detail/${EPISODES.publisherDown}/`)).toEqual({ status: 200, text: before })
    expect((await publisher.page("/")).status).toBe(200)

    await restartStrapi()
    await liveWith(id, "Its webhook lost, then Strapi went down")
    const built = (await publisher.status()).recent.find((job) => job.status === "live" && job.changedUrls.includes(`/detail/${id}/`))
    expect(built?.trigger).toBe("changes feed")
  }, 180_000)
})
