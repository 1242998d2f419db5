import http from "node:http"
import type { AddressInfo } from "node:net"
import { Webhook } from "standardwebhooks"
import { secretKeys } from "../../../contract/webhook-signature"
import { WebhookBody, type ApiRef } from "../../../contract/schemas"
import { readConfig } from "../../../cms/src/config"
import { ConfigError } from "../../../node-kit/config/config-error"
import { RESUMED_ONE_BY_ONE, WebhookSender, type WebhookOptions } from "../../../cms/src/admin/webhook"
import { expectContract } from "../helpers/contract"
import { startTestServer, type TestServer } from "../helpers/test-server"
import { waitFor } from "../../helpers/wait-for"

// catalogue-api.md's publish webhook as the reference server sends it after each
// editor's write, to a stand-in publisher on loopback. The tests wait for the
// event itself (a request, a delivery done) with a deadline; what must not
// happen before a delay is shown on Jest's clock.

// The waits' deadlines are 10 s: the tests' own is above them, so a failure names what did not happen.
jest.setTimeout(30_000)

/** Standard Webhooks secrets: `whsec_` and the base64 of 32 bytes. */
const SECRET = `whsec_${Buffer.alloc(32, 1).toString("base64")}`
const NEXT_SECRET = `whsec_${Buffer.alloc(32, 2).toString("base64")}`

interface Received {
  headers: http.IncomingHttpHeaders
  rawBody: string
  /** Date.now() on arrival: Jest's clock in a test that fakes it. */
  at: number
}

/** How the stand-in publisher answers its nth request (0-based); 200 at once unless told otherwise. */
type Answer = { status: number; headers?: Record<string, string>; hold?: Promise<void> }

interface Receiver {
  url: string
  received: Received[]
  answers: Answer[]
  /** Resolves once `count` requests have arrived; fails saying how many did after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>
  close(): Promise<void>
}

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = []
  const answers: Answer[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", async () => {
      const index = received.length
      received.push({ headers: request.headers, rawBody: Buffer.concat(chunks).toString("utf8"), at: Date.now() })
      const answer = answers[index] ?? { status: 200 }
      await answer.hold
      response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers })
      response.end("{}")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks/catalogue`,
    received,
    answers,
    async waitFor(count, timeoutMs) {
      await waitFor(() => received.length >= count, { timeout: timeoutMs ?? 10_000, what: () => `${count} webhook requests (${received.length} came)` })
      return received.slice(0, count)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

let receiver: Receiver
let server: TestServer
let logs: { line: string; level: string }[]

async function start(options: Partial<WebhookOptions> = {}) {
  logs = []
  receiver = await startReceiver()
  server = await startTestServer({
    webhook: {
      url: receiver.url,
      keys: secretKeys(SECRET),
      retryBaseMs: 50,
      retryMaxMs: 400,
      log: (line, level) => logs.push({ line, level }),
      ...options,
    },
  })
}

afterEach(async () => {
  // Before closing: the servers close on the real clock.
  jest.useRealTimers()
  await server?.destroy()
  await receiver?.close()
  // Each test starts its own; none is closed twice.
  server = undefined as unknown as TestServer
  receiver = undefined as unknown as Receiver
})

/** Checks the delivery as the publisher would, with the standardwebhooks package, and returns the parsed body. */
function verified(request: Received, secret = SECRET) {
  const timestamp = request.headers["webhook-timestamp"] as string
  expect(timestamp).toMatch(/^\d+$/)
  expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(300)
  expect(request.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*( v1,[A-Za-z0-9+/]+=*)*$/)
  const body = new Webhook(secret).verify(request.rawBody, request.headers as Record<string, string>)
  return expectContract(WebhookBody, body)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const ref = (type: ApiRef["type"], id: number | null): ApiRef => ({ type, id })

/** Deliveries not yet delivered or given up: each is written here before its first attempt and removed, logged, when done. */
const owed = () => (server.db.prepare("SELECT count(*) AS n FROM webhook_outbox").get() as { n: number }).n

/**
 * Puts the sender's delays on Jest's clock (Date and one-shot timers); the
 * sockets, both servers and the test's waits stay on the real one.
 */
function fakeTheSendersClock(): void {
  jest.useFakeTimers({
    doNotFake: ["hrtime", "nextTick", "performance", "queueMicrotask", "setImmediate", "clearImmediate", "setInterval", "clearInterval"],
  })
}

/**
 * Lets the sender make its next `count` attempts, each when its timer is
 * due: Jest's clock moves to that timer and no further, so a request's
 * `at` is when the sender chose to send it. Waits for each one's log line.
 */
async function nextAttempts(count: number): Promise<void> {
  for (let attempt = 0; attempt < count; attempt += 1) {
    const lines = logs.length
    await jest.advanceTimersToNextTimerAsync()
    await waitFor(() => logs.length > lines, { timeout: 10_000, what: () => `a log line after attempt ${lines + 1} (${receiver.received.length} requests came)` })
  }
}

describe("the publish webhook", () => {
  it("POSTs a correctly signed publish of the edited entity", async () => {
    await start()
    expect((await server.edit("episodes/1001", { title: "Signed" })).status).toBe(200)
    const [request] = await receiver.waitFor(1)
    expect(request!.headers["content-type"]).toBe("application/json")
    expect(request!.headers["webhook-id"]).toMatch(UUID)
    expect(verified(request!)).toEqual({ event: "publish", refs: [ref("episode", 1001)] })
    await waitFor(() => owed() === 0, { timeout: 10_000, what: "the delivery to be done" })
    expect(receiver.received).toHaveLength(1)
    expect(logs).toEqual([{ line: expect.stringMatching(/delivered: HTTP 200, attempt 1$/), level: "info" }])
  })

  it("a wrong secret, another id or a changed body does not verify", async () => {
    await start()
    await server.edit("episodes/1001", { title: "Tamper" })
    const [request] = await receiver.waitFor(1)
    const headers = request!.headers as Record<string, string>
    expect(() => new Webhook(NEXT_SECRET).verify(request!.rawBody, headers)).toThrow(/No matching signature/)
    expect(() => new Webhook(SECRET).verify(request!.rawBody, { ...headers, "webhook-id": "another" })).toThrow(/No matching signature/)
    expect(() => new Webhook(SECRET).verify(`${request!.rawBody} `, headers)).toThrow(/No matching signature/)
  })

  it("signs with every secret it is given, so a publisher with either takes it (a rotation)", async () => {
    await start({ keys: secretKeys(`${SECRET} ${NEXT_SECRET}`) })
    await server.edit("episodes/1001", { title: "Rotating" })
    const [request] = await receiver.waitFor(1)
    expect((request!.headers["webhook-signature"] as string).split(" ")).toHaveLength(2)
    expect(verified(request!, SECRET)).toEqual(verified(request!, NEXT_SECRET))
  })

  it("answers the editor before the publisher has answered", async () => {
    await start()
    let release!: () => void
    receiver.answers[0] = { status: 200, hold: new Promise<void>((resolve) => (release = resolve)) }
    const edit = await server.edit("series/101", { title: "Fast editor" })
    expect(edit.status).toBe(200)
    // The webhook is still waiting for the publisher's answer.
    await receiver.waitFor(1)
    expect(logs).toEqual([])
    release()
    await waitFor(() => owed() === 0, { timeout: 10_000, what: "the delivery to be done once the publisher answered" })
    expect(logs.map((l) => l.line)).toEqual([expect.stringMatching(/delivered/)])
  })

  it("retries 503 and 429 with growing delays, the same event id and a valid signature each time", async () => {
    await start()
    receiver.answers.push({ status: 503 }, { status: 429 }, { status: 503 }, { status: 200 })
    fakeTheSendersClock()
    await server.edit("episodes/1002", { title: "Retried" })
    await nextAttempts(4)
    const requests = receiver.received
    expect(requests).toHaveLength(4)
    const ids = new Set(requests.map((r) => r.headers["webhook-id"]))
    expect(ids.size).toBe(1)
    for (const request of requests) expect(verified(request)).toEqual({ event: "publish", refs: [ref("episode", 1002)] })
    // No retry before its delay: each came when its timer was due, 50, 100 and 200 ms after the one before.
    expect(requests.slice(1).map((r, i) => r.at - requests[i]!.at)).toEqual([50, 100, 200])
    expect(logs.map((l) => l.line)).toEqual([
      expect.stringMatching(/failed with HTTP 503 at attempt 1; retrying in 0.05 s$/),
      expect.stringMatching(/failed with HTTP 429 at attempt 2; retrying in 0.1 s$/),
      expect.stringMatching(/failed with HTTP 503 at attempt 3; retrying in 0.2 s$/),
      expect.stringMatching(/delivered: HTTP 200, attempt 4$/),
    ])
  })

  it("honours Retry-After, within the longest delay", async () => {
    await start({ retryMaxMs: 300 })
    receiver.answers.push({ status: 503, headers: { "retry-after": "120" } })
    fakeTheSendersClock()
    await server.edit("episodes/1002", { title: "Later" })
    await nextAttempts(2)
    const [first, second] = receiver.received
    // Neither the 50 ms backoff nor the 120 s asked for: the longest delay.
    expect(second!.at - first!.at).toBe(300)
  })

  it("gives up at once on a 400, and logs it", async () => {
    await start()
    receiver.answers.push({ status: 400 })
    await server.edit("episodes/1003", { title: "Refused" })
    await receiver.waitFor(1)
    // Done with it: nothing is owed that could be sent again.
    await waitFor(() => owed() === 0, { timeout: 10_000, what: "the refused delivery to be done" })
    expect(receiver.received).toHaveLength(1)
    expect(logs).toEqual([{ line: expect.stringMatching(/refused with HTTP 400 at attempt 1; not retried$/), level: "error" }])
    expect(server.db.prepare("SELECT count(*) AS n FROM webhook_outbox").get()).toEqual({ n: 0 })
  })

  it("retries 401 and 404: a publisher that does not know the new secret yet, or is not up yet", async () => {
    await start()
    receiver.answers.push({ status: 401 }, { status: 404 }, { status: 202 })
    await server.edit("episodes/1003", { title: "Patient" })
    const requests = await receiver.waitFor(3)
    expect(new Set(requests.map((r) => r.headers["webhook-id"])).size).toBe(1)
    await waitFor(() => owed() === 0, { timeout: 10_000, what: "the delivery to be done" })
    expect(logs.at(-1)?.line).toMatch(/delivered: HTTP 202, attempt 3$/)
  })

  it('answers a 413 by sending the same delivery again with refs [] ("read the changes feed")', async () => {
    await start()
    receiver.answers.push({ status: 413 })
    await server.edit("episodes/1003", { title: "Too big" })
    const [first, second] = await receiver.waitFor(2)
    expect(verified(first!)).toEqual({ event: "publish", refs: [ref("episode", 1003)] })
    expect(verified(second!)).toEqual({ event: "publish", refs: [] })
    expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"])
  })

  it('sends a change of more than 5 000 refs as refs [] ("read the changes feed")', async () => {
    await start()
    const sender = new WebhookSender({ url: receiver.url, keys: secretKeys(SECRET), log: () => undefined, db: server.db })
    try {
      sender.send({ event: "unpublish", refs: Array.from({ length: 5001 }, (_, index) => ref("episode", 10_000 + index)) })
      const [request] = await receiver.waitFor(1)
      expect(verified(request!)).toEqual({ event: "unpublish", refs: [] })
    } finally {
      await sender.close()
    }
  })

  it("retries network errors, and gives up after the configured attempts", async () => {
    await start({ maxAttempts: 3, retryBaseMs: 10 })
    await receiver.close()
    await server.edit("episodes/1004", { title: "Nobody home" })
    await waitFor(() => owed() === 0, { timeout: 10_000, what: () => `the sender to give up (${logs.length} attempts logged)` })
    expect(logs.map((l) => l.line)).toEqual([
      expect.stringMatching(/\(publish episode 1004\) failed with .* at attempt 1; retrying in 0.01 s$/),
      expect.stringMatching(/at attempt 2; retrying in 0.02 s$/),
      expect.stringMatching(/at attempt 3; given up$/),
    ])
  })

  it("unpublishes a deletion, and publishes the parent it changed", async () => {
    await start()
    expect((await server.remove("series/102")).status).toBe(204)
    const requests = await receiver.waitFor(2)
    const bodies = requests.map((request) => verified(request))
    expect(bodies).toContainEqual({ event: "unpublish", refs: [ref("series", 102), ...[1013, 1014, 1015].map((id) => ref("episode", id))] })
    expect(bodies).toContainEqual({ event: "publish", refs: [ref("subcategory", 11)] })
    expect(new Set(requests.map((r) => r.headers["webhook-id"])).size).toBe(2)
  })

  it("publishes a created entity with its parent, and site settings with a null id", async () => {
    await start()
    const created = await server.create("episodes", { series_id: 105, path: "790000500" })
    expect(created.status).toBe(201)
    const [creation] = await receiver.waitFor(1)
    expect(verified(creation!)).toEqual({ event: "publish", refs: [ref("episode", created.body.data.id), ref("series", 105)] })
    expect((await server.edit("site-settings", { site_name: "Hooked" })).status).toBe(200)
    const [, settings] = await receiver.waitFor(2)
    expect(verified(settings!)).toEqual({ event: "publish", refs: [ref("site-settings", null)] })
  })

  it("sends nothing for a refused edit", async () => {
    await start()
    expect((await server.edit("episodes/1001", { title: 5 })).status).toBe(400)
    expect((await server.edit("episodes/99999", { title: "x" })).status).toBe(404)
    // Then an accepted edit: once nothing is owed, whatever the refused ones had queued before it is sent and logged too.
    expect((await server.edit("episodes/1002", { title: "Accepted" })).status).toBe(200)
    await waitFor(() => logs.length > 0 && owed() === 0, { timeout: 10_000, what: "the accepted edit's delivery to be done" })
    expect(receiver.received.map((request) => verified(request))).toEqual([{ event: "publish", refs: [ref("episode", 1002)] }])
    expect(logs).toEqual([{ line: expect.stringMatching(/\(publish episode 1002\) delivered: HTTP 200, attempt 1$/), level: "info" }])
  })

  it("keeps an undelivered webhook in the outbox across a restart, and delivers it then under the same webhook-id", async () => {
    await start({ retryBaseMs: 60_000, retryMaxMs: 60_000 })
    receiver.answers.push({ status: 503 })
    await server.edit("episodes/1005", { title: "Closing" })
    const [before] = await receiver.waitFor(1)
    await waitFor(() => logs.length > 0, { timeout: 10_000, what: "the sender to take the 503" })
    // A restart tries at once what the stopped server owed (its next try was a minute away).
    server = await server.restart()
    expect(logs).toContainEqual({ line: "webhook: 1 undelivered on close, kept in the outbox for the next start", level: "info" })
    expect(logs).toContainEqual({ line: "webhook: 1 undelivered from before, sending", level: "info" })
    const [, after] = await receiver.waitFor(2)
    expect(after!.headers["webhook-id"]).toBe(before!.headers["webhook-id"])
    expect(verified(after!)).toEqual({ event: "publish", refs: [ref("episode", 1005)] })
  })

  it("sends what a long outage left owed as ONE delivery with refs [] after a restart, not as a burst", async () => {
    await start({ retryBaseMs: 60_000, retryMaxMs: 60_000 })
    const edits = RESUMED_ONE_BY_ONE + 2
    for (let index = 0; index < edits; index += 1) receiver.answers.push({ status: 503 })
    for (let index = 0; index < edits; index += 1) expect((await server.edit("episodes/1001", { title: `Edit ${index}` })).status).toBe(200)
    await receiver.waitFor(edits)
    server = await server.restart()
    const requests = await receiver.waitFor(edits + 1)
    expect(verified(requests.at(-1)!)).toEqual({ event: "publish", refs: [] })
    await waitFor(() => owed() === 0, { timeout: 10_000, what: "the resumed delivery to be done" })
    expect(receiver.received).toHaveLength(edits + 1)
    expect(server.db.prepare("SELECT count(*) AS n FROM webhook_outbox").get()).toEqual({ n: 0 })
  })
})

describe("without CMS_WEBHOOK_URL", () => {
  it("sends no webhook", async () => {
    server = await startTestServer()
    expect((await server.edit("episodes/1001", { title: "Quiet" })).status).toBe(200)
    // A delivery is written to the outbox before the editor is answered, and stays there until a publisher takes it.
    expect(owed()).toBe(0)
  })

  it("reads the webhook's settings from the environment", () => {
    expect(readConfig({}).webhook).toBeNull()
    expect(readConfig({ PUBLISH_WEBHOOK_SECRET: SECRET }).webhook).toBeNull()
    expect(readConfig({ CMS_WEBHOOK_URL: "http://127.0.0.1:9100/hooks/catalogue", PUBLISH_WEBHOOK_SECRET: SECRET }).webhook).toEqual({
      url: "http://127.0.0.1:9100/hooks/catalogue",
      keys: secretKeys(SECRET),
    })
    expect(() => readConfig({ CMS_WEBHOOK_URL: "http://127.0.0.1:9100/hooks/catalogue" })).toThrow(/PUBLISH_WEBHOOK_SECRET/)
    expect(() => readConfig({ CMS_WEBHOOK_URL: "ftp://x", PUBLISH_WEBHOOK_SECRET: SECRET })).toThrow(/http/)
  })

  it("holds the webhook secret to the publisher's rule: whsec_ and the base64 of 24 to 64 bytes, one or more", () => {
    const url = "http://127.0.0.1:9100/hooks/catalogue"
    expect(() => readConfig({ CMS_WEBHOOK_URL: url, PUBLISH_WEBHOOK_SECRET: "a".repeat(40) })).toThrow(/PUBLISH_WEBHOOK_SECRET is wrong: it is not a Standard Webhooks secret/)
    expect(() => readConfig({ CMS_WEBHOOK_URL: url, PUBLISH_WEBHOOK_SECRET: `whsec_${Buffer.alloc(16).toString("base64")}` })).toThrow(/holds 16 bytes/)
    expect(readConfig({ CMS_WEBHOOK_URL: url, PUBLISH_WEBHOOK_SECRET: `${SECRET} ${NEXT_SECRET}` }).webhook).toEqual({ url, keys: secretKeys(`${SECRET} ${NEXT_SECRET}`) })
  })

  it("names every problem at once, and an empty CMS_PORT is one (not port 0)", () => {
    const problems = () => readConfig({ CMS_PORT: "", CMS_CHANGES: "no", CMS_TOMBSTONE_DAYS: "-1", CMS_VIDEO_RATE_LIMIT: "lots" })
    expect(problems).toThrow(ConfigError)
    expect(problems).toThrow(/CMS_PORT[\s\S]*CMS_VIDEO_RATE_LIMIT[\s\S]*CMS_TOMBSTONE_DAYS[\s\S]*CMS_CHANGES/)
    expect(readConfig({ CMS_PORT: "0", CMS_VIDEO_RATE_LIMIT: "10/2" })).toMatchObject({ port: 0, videoRateLimit: { limit: 10, windowSeconds: 2 } })
  })

  it("reads the changes feed's settings from the environment", () => {
    expect(readConfig({})).toMatchObject({ changes: true, tombstoneDays: 30 })
    expect(readConfig({ CMS_CHANGES: "off", CMS_TOMBSTONE_DAYS: "0.01" })).toMatchObject({ changes: false, tombstoneDays: 0.01 })
    expect(() => readConfig({ CMS_CHANGES: "no" })).toThrow(/CMS_CHANGES/)
    expect(() => readConfig({ CMS_TOMBSTONE_DAYS: "-1" })).toThrow(/CMS_TOMBSTONE_DAYS/)
  })
})
