import { signWebhook } from "../../contract/webhook-signature"
import { verifyWebhook } from "../../publisher/src/verify-webhook"
import { episode, SECRET, sendHook, startTestPublisher, type TestPublisher } from "./helpers/harness"

const body = { event: "publish" as const, refs: [episode(1001)] }

describe("verifyWebhook", () => {
  const raw = Buffer.from(JSON.stringify(body))
  const now = 1_700_000_000_000
  const ts = String(now / 1000)
  const signed = (timestamp: string, rawBody = raw, secret = SECRET) => signWebhook(secret, timestamp, rawBody)

  it("accepts the signature of the raw body at the current time", () => {
    expect(verifyWebhook(SECRET, { timestamp: ts, signature: signed(ts), rawBody: raw }, now)).toEqual({ ok: true })
  })

  it("accepts timestamps up to 5 minutes either way, and nothing beyond", () => {
    for (const offset of [-300, 300]) {
      const t = String(now / 1000 + offset)
      expect(verifyWebhook(SECRET, { timestamp: t, signature: signed(t), rawBody: raw }, now).ok).toBe(true)
    }
    for (const offset of [-360, 360]) {
      const t = String(now / 1000 + offset)
      const verdict = verifyWebhook(SECRET, { timestamp: t, signature: signed(t), rawBody: raw }, now)
      expect(verdict).toEqual({ ok: false, reason: expect.stringContaining("360 s away") })
    }
  })

  it("refuses a signature over other bytes: the same JSON spaced differently, another secret, another timestamp", () => {
    const respaced = Buffer.from(JSON.stringify(body, null, 2))
    expect(verifyWebhook(SECRET, { timestamp: ts, signature: signed(ts), rawBody: respaced }, now).ok).toBe(false)
    expect(verifyWebhook(SECRET, { timestamp: ts, signature: signed(ts, raw, "another-secret-0123456789"), rawBody: raw }, now).ok).toBe(false)
    expect(verifyWebhook(SECRET, { timestamp: ts, signature: signed(String(Number(ts) - 1)), rawBody: raw }, now).ok).toBe(false)
  })

  it("refuses missing, truncated, doubled and malformed headers without throwing", () => {
    const good = signed(ts)
    for (const signature of [undefined, "", good.slice(0, -1), `${good}0`, good.replace("sha256=", ""), [good, good]]) {
      expect(verifyWebhook(SECRET, { timestamp: ts, signature, rawBody: raw }, now).ok).toBe(false)
    }
    for (const timestamp of [undefined, "", "soon", "1.5", "-1", [ts, ts]]) {
      expect(verifyWebhook(SECRET, { timestamp, signature: good, rawBody: raw }, now).ok).toBe(false)
    }
  })
})

describe("POST /hooks/catalogue", () => {
  let site: TestPublisher
  beforeEach(async () => {
    // No build ever starts here: nothing is built without a webhook, and the debounce outlasts the test.
    site = await startTestPublisher({ initialBuild: false, debounceMs: 60_000 })
  })
  afterEach(async () => site.dispose())

  const jobCount = () => site.publisher.status().recent.length

  it("answers 202 with a job id in milliseconds, and queues the job with the refs", async () => {
    const started = performance.now()
    const response = await sendHook(site.url, body)
    const elapsed = performance.now() - started
    expect(response.status).toBe(202)
    const { jobId } = (await response.json()) as { jobId: number }
    expect(typeof jobId).toBe("number")
    // Generous for a loaded CI machine; a build would take the 60 s debounce and more.
    expect(elapsed).toBeLessThan(500)
    const status = site.publisher.status()
    expect(status.queued).toEqual([expect.objectContaining({ id: jobId, status: "queued", refs: [episode(1001)], webhooks: 1 })])
  })

  it.each([
    ["a missing signature", { omit: ["signature" as const] }],
    ["a wrong signature", { secret: "not-the-secret-0123456789" }],
    ["a missing timestamp", { omit: ["timestamp" as const] }],
    ["a stale timestamp (6 minutes old)", { timestamp: Math.floor(Date.now() / 1000) - 360 }],
    ["a timestamp 6 minutes in the future", { timestamp: Math.floor(Date.now() / 1000) + 360 }],
  ])("answers 401 to %s and queues nothing", async (_what, options) => {
    const response = await sendHook(site.url, body, options)
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: expect.any(String) })
    expect(jobCount()).toBe(0)
  })

  it("answers 401 to a body changed after signing", async () => {
    const timestamp = Math.floor(Date.now() / 1000)
    const signature = signWebhook(SECRET, timestamp, JSON.stringify(body))
    const response = await sendHook(site.url, body, { timestamp, signature, rawBody: JSON.stringify({ ...body, refs: [episode(1002)] }) })
    expect(response.status).toBe(401)
    expect(jobCount()).toBe(0)
  })

  it("ignores a repeated event id: the original job id, no second job", async () => {
    const first = (await (await sendHook(site.url, body, { eventId: "event-1" })).json()) as { jobId: number }
    const again = await sendHook(site.url, { event: "publish", refs: [episode(1002)] }, { eventId: "event-1" })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ jobId: first.jobId, duplicate: true })
    expect(jobCount()).toBe(1)
    // The repeat did not add its ref either.
    expect(site.publisher.status().queued[0]?.refs).toEqual([episode(1001)])
    expect(site.publisher.status().queued[0]?.webhooks).toBe(1)
  })

  it("builds two deliveries of the same body and timestamp under two event ids (two edits within a second)", async () => {
    const timestamp = Math.floor(Date.now() / 1000)
    const first = await sendHook(site.url, body, { timestamp })
    const second = await sendHook(site.url, body, { timestamp })
    expect([first.status, second.status]).toEqual([202, 202])
    expect(site.publisher.status().queued[0]?.webhooks).toBe(2)
  })

  it.each([
    ["not JSON", "{ event: publish"],
    ["an unknown event", JSON.stringify({ event: "delete", refs: [] })],
    ["refs missing", JSON.stringify({ event: "publish" })],
    ["a ref of an unknown type", JSON.stringify({ event: "publish", refs: [{ type: "actor", id: 1 }] })],
    ["an empty body", ""],
  ])("answers 400 to a correctly signed body that is %s, and queues nothing", async (_what, rawBody) => {
    const response = await sendHook(site.url, body, { rawBody })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { message: string }).message).toMatch(/body|JSON/)
    expect(jobCount()).toBe(0)
  })

  it("answers 400 to a signed delivery without X-Catalogue-Event", async () => {
    const response = await sendHook(site.url, body, { omit: ["event"] })
    expect(response.status).toBe(400)
    expect(jobCount()).toBe(0)
  })

  it("checks the signature before the body: a bad body unsigned is 401, not 400", async () => {
    const response = await sendHook(site.url, body, { rawBody: "not json", secret: "wrong-secret-0123456789" })
    expect(response.status).toBe(401)
  })
})

describe("a publisher without PUBLISH_WEBHOOK_SECRET", () => {
  it("refuses every webhook with 503 and queues nothing", async () => {
    const site = await startTestPublisher({ initialBuild: false, webhookSecret: undefined, env: {} })
    try {
      expect(site.publisher.config.webhookSecret).toBeUndefined()
      const response = await sendHook(site.url, body)
      expect(response.status).toBe(503)
      expect(site.publisher.status().recent).toHaveLength(0)
    } finally {
      await site.dispose()
    }
  })
})
