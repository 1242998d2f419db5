import { createHmac } from "node:crypto"
import http from "node:http"
import type { AddressInfo } from "node:net"
import { WebhookBody, type ApiRef } from "../../contract/schemas"
import { signWebhook } from "../../contract/webhook-signature"
import { readConfig } from "../../cms/src/config"
import { ConfigError } from "../../node-kit/config"
import type { WebhookOptions } from "../../cms/src/webhook"
import { expectContract } from "./helpers/contract"
import { startTestServer, type TestServer } from "./helpers/test-server"

// API.md's publish webhook as the reference server sends it after each
// editor's write, to a stand-in publisher on loopback.

const SECRET = "test-webhook-secret"

interface Received {
  headers: http.IncomingHttpHeaders
  rawBody: string
  at: number
}

/** How the stand-in publisher answers its nth request (0-based); 200 at once unless told otherwise. */
type Answer = { status: number; headers?: Record<string, string>; hold?: Promise<void> }

interface Receiver {
  url: string
  received: Received[]
  answers: Answer[]
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>
  close(): Promise<void>
}

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = []
  const answers: Answer[] = []
  const waiters: (() => void)[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", async () => {
      const index = received.length
      received.push({ headers: request.headers, rawBody: Buffer.concat(chunks).toString("utf8"), at: Date.now() })
      waiters.splice(0).forEach((wake) => wake())
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
    async waitFor(count, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook requests, got ${received.length}`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 50)
        })
      }
      return received.slice(0, count)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let receiver: Receiver
let server: TestServer
let logs: { line: string; level: string }[]

async function start(options: Partial<WebhookOptions> = {}) {
  logs = []
  receiver = await startReceiver()
  server = await startTestServer({
    webhook: {
      url: receiver.url,
      secret: SECRET,
      retryBaseMs: 50,
      retryMaxMs: 400,
      log: (line, level) => logs.push({ line, level }),
      ...options,
    },
  })
}

afterEach(async () => {
  await server?.destroy()
  await receiver?.close()
  // Each test starts its own; none is closed twice.
  server = undefined as unknown as TestServer
  receiver = undefined as unknown as Receiver
})

/** Checks the signature as the publisher would, with node:crypto directly, and returns the parsed body. */
function verified(request: Received) {
  const timestamp = request.headers["x-catalogue-timestamp"] as string
  expect(timestamp).toMatch(/^\d+$/)
  expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(300)
  const expected = "sha256=" + createHmac("sha256", SECRET).update(`${timestamp}.${request.rawBody}`).digest("hex")
  expect(request.headers["x-catalogue-signature"]).toBe(expected)
  // The shared definition agrees with the one written out here.
  expect(signWebhook(SECRET, timestamp, request.rawBody)).toBe(expected)
  return expectContract(WebhookBody, JSON.parse(request.rawBody))
}

const ref = (type: ApiRef["type"], id: number | null): ApiRef => ({ type, id })

describe("the publish webhook", () => {
  it("POSTs a correctly signed publish of the edited entity", async () => {
    await start()
    expect((await server.edit("episodes/1001", { title: "Signed" })).status).toBe(200)
    const [request] = await receiver.waitFor(1)
    expect(request!.headers["content-type"]).toBe("application/json")
    expect(request!.headers["x-catalogue-event"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(verified(request!)).toEqual({ event: "publish", refs: [ref("episode", 1001)] })
    await sleep(50)
    expect(receiver.received).toHaveLength(1)
    expect(logs).toEqual([{ line: expect.stringMatching(/delivered: HTTP 200, attempt 1$/), level: "info" }])
  })

  it("a wrong secret does not verify", async () => {
    await start()
    await server.edit("episodes/1001", { title: "Tamper" })
    const [request] = await receiver.waitFor(1)
    const timestamp = request!.headers["x-catalogue-timestamp"] as string
    expect(signWebhook("another secret", timestamp, request!.rawBody)).not.toBe(request!.headers["x-catalogue-signature"])
    expect(signWebhook(SECRET, timestamp, request!.rawBody + " ")).not.toBe(request!.headers["x-catalogue-signature"])
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
    await sleep(100)
    expect(logs.map((l) => l.line)).toEqual([expect.stringMatching(/delivered/)])
  })

  it("retries 503 and 429 with growing delays, the same event id and a valid signature each time", async () => {
    await start()
    receiver.answers.push({ status: 503 }, { status: 429 }, { status: 503 }, { status: 200 })
    await server.edit("episodes/1002", { title: "Retried" })
    const requests = await receiver.waitFor(4)
    const ids = new Set(requests.map((r) => r.headers["x-catalogue-event"]))
    expect(ids.size).toBe(1)
    for (const request of requests) expect(verified(request)).toEqual({ event: "publish", refs: [ref("episode", 1002)] })
    const gaps = requests.slice(1).map((r, i) => r.at - requests[i]!.at)
    // 50, 100, 200 ms, less a little for timer slack.
    expect(gaps[0]).toBeGreaterThanOrEqual(40)
    expect(gaps[1]).toBeGreaterThanOrEqual(90)
    expect(gaps[2]).toBeGreaterThanOrEqual(190)
    await sleep(50)
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
    await server.edit("episodes/1002", { title: "Later" })
    const [first, second] = await receiver.waitFor(2)
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(280)
  })

  it("gives up at once on another 4xx, and logs it", async () => {
    await start()
    receiver.answers.push({ status: 401 })
    await server.edit("episodes/1003", { title: "Refused" })
    await receiver.waitFor(1)
    await sleep(200)
    expect(receiver.received).toHaveLength(1)
    expect(logs).toEqual([{ line: expect.stringMatching(/refused with HTTP 401 at attempt 1; not retried$/), level: "error" }])
  })

  it("retries network errors, and gives up after the configured attempts", async () => {
    await start({ maxAttempts: 3, retryBaseMs: 10 })
    await receiver.close()
    await server.edit("episodes/1004", { title: "Nobody home" })
    await sleep(300)
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
    const bodies = requests.map(verified)
    expect(bodies).toContainEqual({ event: "unpublish", refs: [ref("series", 102), ...[1013, 1014, 1015].map((id) => ref("episode", id))] })
    expect(bodies).toContainEqual({ event: "publish", refs: [ref("subcategory", 11)] })
    expect(new Set(requests.map((r) => r.headers["x-catalogue-event"])).size).toBe(2)
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
    await sleep(150)
    expect(receiver.received).toEqual([])
  })

  it("cancels pending retries when the server closes", async () => {
    await start({ retryBaseMs: 60_000, retryMaxMs: 60_000 })
    receiver.answers.push({ status: 503 })
    await server.edit("episodes/1005", { title: "Closing" })
    await receiver.waitFor(1)
    await sleep(50)
    await server.destroy()
    server = undefined as unknown as TestServer
    expect(logs.at(-1)).toEqual({ line: "webhook: 1 undelivered on close, cancelled", level: "error" })
  })
})

describe("without CMS_WEBHOOK_URL", () => {
  it("sends no webhook", async () => {
    receiver = await startReceiver()
    server = await startTestServer()
    expect((await server.edit("episodes/1001", { title: "Quiet" })).status).toBe(200)
    await sleep(150)
    expect(receiver.received).toEqual([])
  })

  it("reads the webhook's settings from the environment", () => {
    expect(readConfig({}).webhook).toBeNull()
    expect(readConfig({ PUBLISH_WEBHOOK_SECRET: SECRET }).webhook).toBeNull()
    expect(readConfig({ CMS_WEBHOOK_URL: "http://127.0.0.1:9100/hooks/catalogue", PUBLISH_WEBHOOK_SECRET: SECRET }).webhook).toEqual({
      url: "http://127.0.0.1:9100/hooks/catalogue",
      secret: SECRET,
    })
    expect(() => readConfig({ CMS_WEBHOOK_URL: "http://127.0.0.1:9100/hooks/catalogue" })).toThrow(/PUBLISH_WEBHOOK_SECRET/)
    expect(() => readConfig({ CMS_WEBHOOK_URL: "ftp://x", PUBLISH_WEBHOOK_SECRET: SECRET })).toThrow(/http/)
  })

  it("holds the webhook secret to the publisher's rule: at least 16 characters", () => {
    expect(() => readConfig({ CMS_WEBHOOK_URL: "http://127.0.0.1:9100/hooks/catalogue", PUBLISH_WEBHOOK_SECRET: "s" })).toThrow(
      /PUBLISH_WEBHOOK_SECRET must be at least 16 characters/,
    )
    expect(readConfig({ PUBLISH_WEBHOOK_SECRET: "a".repeat(16) }).webhook).toBeNull()
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
