import { LIMITED_ADDRESS_BODY_BYTES } from "../../../publisher/src/http/routes/webhook"
import { addressKey, WebhookRefusals } from "../../../publisher/src/http/webhook-refusals"
import { episode, OTHER_SECRET, sendHook, startTestPublisher, type TestPublisher } from "../helpers/harness"

// Forged deliveries cost a refusal each: counted by reason for /status,
// answered 429 once an address has earned 20 in a minute, and logged as one
// line per address per minute rather than one line each.

function refusalsWithClock(limits = {}) {
  let clock = Date.parse("2026-03-01T12:00:00Z")
  const warn = jest.fn<void, [string]>()
  const refusals = new WebhookRefusals({ warn, now: () => clock, limits })
  return { refusals, warn, tick: (ms: number) => (clock += ms) }
}

describe("addressKey", () => {
  it("keeps IPv4 as is (mapped or not) and takes IPv6 by its /64", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9")
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9")
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64")
    expect(addressKey("2001:0db8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64")
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64")
    expect(addressKey("::1")).toBe("0:0:0:0::/64")
  })
})

describe("WebhookRefusals", () => {
  it("answers an address 429 after 20 refusals in a minute, until the minute is over", () => {
    const { refusals, tick } = refusalsWithClock()
    for (let i = 0; i < 19; i += 1) refusals.refuse("203.0.113.9", "forged", "no match")
    expect(refusals.limitedFor("203.0.113.9")).toBeUndefined()
    refusals.refuse("203.0.113.9", "forged", "no match")
    expect(refusals.limitedFor("203.0.113.9")).toBe(60_000)
    expect(refusals.limitedFor("198.51.100.1")).toBeUndefined()
    // Another host in the same IPv6 /64 shares the limit; IPv4 addresses do not.
    for (let i = 0; i < 20; i += 1) refusals.refuse("2001:db8::1", "malformed", "no id")
    expect(refusals.limitedFor("2001:db8::2")).toBeDefined()
    tick(59_000)
    expect(refusals.limitedFor("203.0.113.9")).toBe(1000)
    tick(1000)
    expect(refusals.limitedFor("203.0.113.9")).toBeUndefined()
    expect(refusals.report()).toMatchObject({ total: 43, byReason: { forged: 20, malformed: 20, rateLimited: 3, stale: 0 }, limitedAddresses: 0 })
  })

  it("logs the first refusal of an address at once and the rest as one line a minute, with the count", () => {
    const { refusals, warn, tick } = refusalsWithClock()
    refusals.refuse("203.0.113.9", "forged", "webhook-signature matches none of the publisher's secrets")
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.lastCall?.[0]).toBe("Refused a webhook from 203.0.113.9 (last: webhook-signature matches none of the publisher's secrets)")
    for (let i = 0; i < 99; i += 1) {
      if (refusals.limitedFor("203.0.113.9") === undefined) refusals.refuse("203.0.113.9", "stale", "webhook-timestamp is 600 s away")
      tick(100)
    }
    refusals.flush()
    expect(warn).toHaveBeenCalledTimes(1)
    tick(60_000)
    refusals.flush()
    expect(warn).toHaveBeenCalledTimes(2)
    expect(warn.mock.lastCall?.[0]).toMatch(/^Refused 99 webhooks from 203\.0\.113\.9 in the last 70 s \(last: answered 429/)
    // Quiet since: nothing more to say, and the address is forgotten.
    tick(60_000)
    refusals.flush()
    expect(warn).toHaveBeenCalledTimes(2)
    expect(refusals.report()).toMatchObject({ total: 100, byReason: { forged: 1, stale: 19, rateLimited: 80 } })
  })

  it("remembers a bounded number of addresses", () => {
    const { refusals } = refusalsWithClock({ maxAddresses: 3 })
    for (const last of [1, 2, 3, 4]) for (let i = 0; i < 20; i += 1) refusals.refuse(`198.51.100.${last}`, "unsigned", "no v1")
    expect(refusals.limitedFor("198.51.100.1")).toBeUndefined()
    expect(refusals.limitedFor("198.51.100.4")).toBeDefined()
    expect(refusals.report().limitedAddresses).toBe(3)
  })
})

describe("a publisher flooded with forged webhooks", () => {
  let site: TestPublisher
  beforeEach(async () => {
    site = await startTestPublisher({ initialBuild: false, debounceMs: 60_000 })
  })
  afterEach(async () => site.dispose())

  const body = { event: "publish" as const, refs: [episode(1001)] }

  it("answers 401 twenty times, then 429 with Retry-After to anything it cannot verify cheaply, and shows the counts on /status", async () => {
    expect(site.publisher.status().webhookRefusals).toBeUndefined()
    for (let i = 0; i < 20; i += 1) expect((await sendHook(site.url, body, { secret: OTHER_SECRET })).status).toBe(401)
    expect((await sendHook(site.url, body, { omit: ["id"] })).status).toBe(429)
    // A body larger than a limited address may send is refused unread.
    const large = await sendHook(site.url, body, { secret: OTHER_SECRET, rawBody: JSON.stringify({ ...body, padding: "x".repeat(LIMITED_ADDRESS_BODY_BYTES) }) })
    expect(large.status).toBe(429)
    expect(Number(large.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
    expect(Number(large.headers.get("retry-after"))).toBeLessThanOrEqual(60)
    expect(site.publisher.status().recent).toHaveLength(0)
    const status = (await (await fetch(`${site.url}/status`, { headers: { authorization: "Bearer test-admin-token" } })).json()) as Record<string, unknown>
    expect(status.webhookRefusals).toMatchObject({ total: 22, byReason: { forged: 20, rateLimited: 2 }, limitedAddresses: 1 })
  })

  it("still takes the signed deliveries from an address whose forged ones are limited: junk from a shared address starves nothing", async () => {
    const forged = JSON.stringify({ ...body, padding: "x".repeat(200_000) })
    for (let i = 0; i < 20; i += 1) expect((await sendHook(site.url, body, { secret: OTHER_SECRET })).status).toBe(401)
    for (let i = 0; i < 5; i += 1) {
      expect((await sendHook(site.url, body, { secret: OTHER_SECRET, rawBody: forged })).status).toBe(429)
      const signed = await sendHook(site.url, { event: "publish", refs: [episode(1001 + i)] })
      expect({ i, status: signed.status }).toEqual({ i, status: 202 })
    }
    // One job (debounced), holding the five deliveries.
    expect(site.publisher.status().queued).toEqual([expect.objectContaining({ webhooks: 5 })])
  })
})
