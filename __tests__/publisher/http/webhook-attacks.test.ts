import { randomUUID } from "node:crypto"
import { MAX_REFS_PER_DELIVERY, WEBHOOK_HEADERS } from "../../../contract/webhook-signature"
import { episode, hookHeaders, OTHER_SECRET, sendHook, startTestPublisher, type TestPublisher } from "../helpers/harness"

// The webhooks an attacker (or a broken sender) would try, each followed by
// an honest delivery that must still be built and go live: the publisher
// answers each as catalogue-api.md says and is never left unable to publish.

const body = { event: "publish" as const, refs: [episode(1001)] }
const now = () => Math.floor(Date.now() / 1000)

let site: TestPublisher
beforeAll(async () => {
  site = await startTestPublisher({ plan: { version: "v1" } })
  await site.publisher.idle()
})
afterAll(async () => site.dispose())

const post = (raw: string, headers: Record<string, string>) => fetch(`${site.url}/hooks/catalogue`, { method: "POST", headers, body: raw })

/** A captured honest delivery: its exact body and headers. */
function capture(refs = body.refs) {
  const raw = JSON.stringify({ event: "publish", refs })
  return { raw, headers: hookHeaders(raw) }
}

/** An honest delivery after the attack: accepted, built, live. */
async function publishesStill(): Promise<void> {
  const response = await sendHook(site.url, { event: "publish", refs: [episode(1002)] })
  expect(response.status).toBe(202)
  const { jobId } = (await response.json()) as { jobId: number }
  await site.publisher.idle()
  expect(site.publisher.status().recent.find((job) => job.id === jobId)?.status).toBe("live")
}

const jobCount = () => site.publisher.status().recent.length

describe("the webhook under attack", () => {
  it("unsigned: 401, nothing queued; then an honest delivery goes live", async () => {
    const before = jobCount()
    const response = await sendHook(site.url, body, { omit: ["signature"] })
    expect(response.status).toBe(401)
    expect(jobCount()).toBe(before)
    await publishesStill()
  })

  it("signed with a wrong secret: 401, nothing queued; then an honest delivery goes live", async () => {
    const before = jobCount()
    expect((await sendHook(site.url, body, { secret: OTHER_SECRET })).status).toBe(401)
    expect(jobCount()).toBe(before)
    await publishesStill()
  })

  it("stale (signed 10 minutes ago): 401, nothing queued; then an honest delivery goes live", async () => {
    const before = jobCount()
    expect((await sendHook(site.url, body, { timestamp: now() - 600 })).status).toBe(401)
    expect(jobCount()).toBe(before)
    await publishesStill()
  })

  it("replayed as captured (same webhook-id): 200 duplicate, no second job; then an honest delivery goes live", async () => {
    const { raw, headers } = capture()
    const first = await post(raw, headers)
    expect(first.status).toBe(202)
    const { jobId } = (await first.json()) as { jobId: number }
    await site.publisher.idle()
    const before = jobCount()
    const again = await post(raw, headers)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ jobId, duplicate: true })
    expect(jobCount()).toBe(before)
    await publishesStill()
  })

  it("replayed under a new webhook-id: 401 (the id is signed), nothing queued; then an honest delivery goes live", async () => {
    const { raw, headers } = capture()
    expect((await post(raw, headers)).status).toBe(202)
    await site.publisher.idle()
    const before = jobCount()
    for (let i = 0; i < 3; i += 1) {
      expect((await post(raw, { ...headers, [WEBHOOK_HEADERS.id]: randomUUID() })).status).toBe(401)
    }
    expect(jobCount()).toBe(before)
    await publishesStill()
  })

  it("2 MiB body: 413, nothing queued; then an honest delivery goes live", async () => {
    const before = jobCount()
    const raw = JSON.stringify({ event: "publish", refs: [], padding: "x".repeat(2 * 1024 * 1024) })
    const response = await post(raw, hookHeaders(raw))
    expect(response.status).toBe(413)
    expect(jobCount()).toBe(before)
    await publishesStill()
  })

  it("5 000 refs of long ids, the most a delivery may name, twice: 202, built and live (refs never reach the build's environment, whose variables Linux caps at 128 KiB)", async () => {
    for (const from of [1_000_000_000, 2_000_000_000]) {
      const { raw, headers } = capture(Array.from({ length: MAX_REFS_PER_DELIVERY }, (_, index) => episode(from + index)))
      expect(raw.length).toBeGreaterThan(128 * 1024)
      const response = await post(raw, headers)
      expect(response.status).toBe(202)
      const { jobId } = (await response.json()) as { jobId: number }
      await site.publisher.idle()
      expect(site.publisher.status().recent.find((job) => job.id === jobId)?.status).toBe("live")
    }
    await publishesStill()
  })

  it('20 000 refs, signed: 202 as "read the changes feed" (refs []), built and live; then an honest delivery goes live', async () => {
    const refs = Array.from({ length: 20_000 }, (_, index) => episode(100_000 + index))
    expect(refs.length).toBeGreaterThan(MAX_REFS_PER_DELIVERY)
    const { raw, headers } = capture(refs)
    const response = await post(raw, headers)
    expect(response.status).toBe(202)
    const { jobId } = (await response.json()) as { jobId: number }
    await site.publisher.idle()
    const job = site.publisher.status().recent.find((recent) => recent.id === jobId)
    expect(job).toMatchObject({ status: "live", refs: [] })
    await publishesStill()
  })
})
