import http from "node:http"
import { waitFor } from "../../helpers/wait-for"
import { secretKeys, signWebhook } from "../../../contract/webhook-signature"
import { verifyWebhook, type WebhookDelivery } from "../../../publisher/src/http/verify-webhook"
import { episode, hookHeaders, OTHER_SECRET, SECRET, sendHook, settlesWithin, startTestPublisher, type TestPublisher } from "../helpers/harness"

const body = { event: "publish" as const, refs: [episode(1001)] }

describe("verifyWebhook", () => {
  const raw = Buffer.from(JSON.stringify(body))
  const id = "msg_2Kp7"
  const now = () => Math.floor(Date.now() / 1000)
  const verifiers = secretKeys(SECRET)
  const delivery = (timestamp: number, overrides: Partial<WebhookDelivery> = {}, secret = SECRET): WebhookDelivery => ({
    id,
    timestamp: String(timestamp),
    signature: signWebhook(secret, { id, timestamp, body: raw }),
    rawBody: raw,
    ...overrides,
  })

  it("accepts the Standard Webhooks signature of the id, timestamp and raw body", () => {
    expect(verifyWebhook(verifiers, delivery(now()))).toEqual({ ok: true, id })
  })

  it("accepts timestamps within 5 minutes either way, and nothing beyond", () => {
    for (const offset of [-290, 290]) expect(verifyWebhook(verifiers, delivery(now() + offset)).ok).toBe(true)
    for (const offset of [-360, 360]) {
      expect(verifyWebhook(verifiers, delivery(now() + offset))).toEqual({ ok: false, code: "stale", reason: expect.stringMatching(/^webhook-timestamp is 3[56]\d s away/) })
    }
  })

  it("refuses a signature over other bytes, another id, another timestamp or under another secret", () => {
    const t = now()
    const good = delivery(t)
    expect(verifyWebhook(verifiers, { ...good, rawBody: Buffer.from(JSON.stringify(body, null, 2)) }).ok).toBe(false)
    expect(verifyWebhook(verifiers, { ...good, id: "msg_other" }).ok).toBe(false)
    expect(verifyWebhook(verifiers, { ...good, timestamp: String(t - 1) }).ok).toBe(false)
    expect(verifyWebhook(verifiers, delivery(t, {}, OTHER_SECRET))).toEqual({ ok: false, code: "forged", reason: "webhook-signature matches none of the publisher's secrets" })
  })

  it("takes one valid v1 signature among several, and checks every secret it knows (a rotation)", () => {
    const t = now()
    const both = signWebhook(`${OTHER_SECRET} ${SECRET}`, { id, timestamp: t, body: raw })
    expect(both.split(" ")).toHaveLength(2)
    expect(verifyWebhook(verifiers, delivery(t, { signature: both })).ok).toBe(true)
    expect(verifyWebhook(verifiers, delivery(t, { signature: `v2,abc ${signWebhook(SECRET, { id, timestamp: t, body: raw })}` })).ok).toBe(true)
    // A publisher given the new secret beside the old one takes a delivery signed with either.
    const rotating = secretKeys(`${SECRET} ${OTHER_SECRET}`)
    expect(verifyWebhook(rotating, delivery(t, {}, OTHER_SECRET)).ok).toBe(true)
    expect(verifyWebhook(rotating, delivery(t, {}, SECRET)).ok).toBe(true)
  })

  it("refuses missing, truncated, doubled and malformed headers without throwing", () => {
    const t = now()
    const good = delivery(t).signature as string
    for (const signature of [undefined, "", good.slice(0, -2), `${good}A`, good.replace("v1,", ""), good.replace("v1,", "v2,"), [good, good]]) {
      expect(verifyWebhook(verifiers, delivery(t, { signature })).ok).toBe(false)
    }
    for (const timestamp of [undefined, "", "soon", "1.5", "-1", [String(t), String(t)]]) {
      expect(verifyWebhook(verifiers, delivery(t, { timestamp })).ok).toBe(false)
    }
    for (const badId of [undefined, "", "x".repeat(201), [id, id]]) expect(verifyWebhook(verifiers, delivery(t, { id: badId })).ok).toBe(false)
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

  it("answers 202 with a job id, and queues the job with the refs", async () => {
    const response = await sendHook(site.url, body)
    expect(response.status).toBe(202)
    const { jobId } = (await response.json()) as { jobId: number }
    expect(typeof jobId).toBe("number")
    const status = site.publisher.status()
    expect(status.queued).toEqual([expect.objectContaining({ id: jobId, status: "queued", refs: [episode(1001)], webhooks: 1 })])
  })

  it("takes a signed draft delivery (202) and queues no live build: a draft changes nothing visitors see", async () => {
    const response = await sendHook(site.url, { event: "draft", refs: [episode(1001)] })
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ jobId: null, note: "A draft changes nothing on the live site, and this publisher has no preview lane." })
    const status = site.publisher.status()
    expect([...status.queued, ...status.recent]).toEqual([])
  })

  it.each([
    ["a missing signature", { omit: ["signature" as const] }],
    ["a wrong signature", { secret: OTHER_SECRET }],
    ["a missing webhook-id", { omit: ["id" as const] }],
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
    const signature = signWebhook(SECRET, { id: "event-1", timestamp, body: JSON.stringify(body) })
    const response = await sendHook(site.url, body, { eventId: "event-1", timestamp, signature, rawBody: JSON.stringify({ ...body, refs: [episode(1002)] }) })
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

  /** Sends the headers of a large delivery and never its body: only an answer decided from the headers arrives. */
  function answerToHeadersAlone(headers: Record<string, string>, length = 1024 * 1024): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = http.request(`${site.url}/hooks/catalogue`, { method: "POST", headers: { ...headers, "content-length": String(length) } })
      const deadline = setTimeout(() => reject(new Error("no answer while the body was held back: the server waited for it")), 10_000)
      request.on("response", (response) => {
        clearTimeout(deadline)
        resolve(response.statusCode ?? 0)
        request.destroy()
      })
      request.on("error", (error) => {
        clearTimeout(deadline)
        reject(error)
      })
      request.flushHeaders()
    })
  }

  it("refuses from the headers alone, before the body is read: bad or stale headers 401, a declared length over 1 MiB 413", async () => {
    const raw = JSON.stringify(body)
    const signed = hookHeaders(raw)
    expect(await answerToHeadersAlone(hookHeaders(raw, { omit: ["id"] }))).toBe(401)
    expect(await answerToHeadersAlone(hookHeaders(raw, { timestamp: Math.floor(Date.now() / 1000) - 360 }))).toBe(401)
    expect(await answerToHeadersAlone({ ...signed, "webhook-signature": "v1,forged" })).toBe(401)
    expect(await answerToHeadersAlone({ ...signed, "webhook-signature": signed["webhook-signature"]!.replace("v1,", "v2,") })).toBe(401)
    expect(await answerToHeadersAlone(signed, 2 * 1024 * 1024)).toBe(413)
    expect(jobCount()).toBe(0)
  })

  it("checks the signature before the body: a bad body unsigned is 401, not 400", async () => {
    const response = await sendHook(site.url, body, { rawBody: "not json", secret: OTHER_SECRET })
    expect(response.status).toBe(401)
  })
})

describe("the answer to a webhook", () => {
  it("does not wait for the build: it arrives while the webhook's own build is held open", async () => {
    // No debounce, so the delivery's build starts at once; it never ends on its own (the publisher stops it on close).
    const site = await startTestPublisher({ initialBuild: false, debounceMs: 0, plan: { hang: true } })
    try {
      const response = await settlesWithin(sendHook(site.url, body), 10_000, "the answer to a webhook whose build never ends (did it wait for the build?)")
      expect(response.status).toBe(202)
      const { jobId } = (await response.json()) as { jobId: number }
      await waitFor(() => site.starts().length === 1, { timeout: 10_000, what: "the webhook's build to start" })
      expect(site.publisher.status().building).toMatchObject({ id: jobId, status: "building" })
      expect(site.records().map((record) => record.event)).toEqual(["start"])
    } finally {
      await site.dispose()
    }
  }, 30_000)
})

describe("a publisher without PUBLISH_WEBHOOK_SECRET", () => {
  it("refuses every webhook with 503 and queues nothing", async () => {
    const site = await startTestPublisher({ initialBuild: false, webhookKeys: undefined })
    try {
      expect(site.publisher.config.webhookKeys).toBeUndefined()
      const response = await sendHook(site.url, body)
      expect(response.status).toBe(503)
      expect(site.publisher.status().recent).toHaveLength(0)
    } finally {
      await site.dispose()
    }
  })
})
