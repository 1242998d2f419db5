import { isValidEmail as contractRule } from "../../../contract/email"
import { SUBSCRIBE_FORM_OUTCOMES as CONTRACT_OUTCOMES, subscribeOutcomePath as contractPath } from "../../../contract/subscribe-form"
import { addressOf, MESSAGES, SUBSCRIBED } from "../../../integrations/strapi/src/catalogue/subscribe/answers"
import { clientKey } from "../../../integrations/strapi/src/catalogue/subscribe/client-key"
import { isValidEmail } from "../../../integrations/strapi/src/catalogue/subscribe/email"
import { formOutcome, SUBSCRIBE_FORM_OUTCOMES, subscribeOutcomePath } from "../../../integrations/strapi/src/catalogue/subscribe/form"
import { ClientLimiter, DEFAULT_SUBSCRIBE_RATE_LIMIT, subscribeRateLimit, tooManyMessage } from "../../../integrations/strapi/src/catalogue/subscribe/rate-limit"
import { refusalBeforeReading, SUBSCRIBE_BODY_LIMIT_BYTES, subscribeRequestGuard, type GuardOptions } from "../../../integrations/strapi/src/catalogue/subscribe/request-guard"

// POST /subscribe in the Strapi integration: the same addresses as the
// subscribe form's rule (contract/email.ts, copied there), the contract's
// 400 { message } for anything else, a body refused before it is read, the
// footer's form without JavaScript sent to the site's pages
// (contract/subscribe-form.ts, copied there) and a limit per client, as
// the reference server does.

const ADDRESSES = [
  "ann@example.com",
  "ann.o'neil+news@mail.example.co.uk",
  "ann@localhost",
  "ann@@example.com",
  "ann example@example.com",
  "ann@-example.com",
  "ann@example..com",
  "@example.com",
  `${"a".repeat(250)}@x.io`,
  "ünïcode@example.com",
  "",
]

describe("an address", () => {
  it.each(ADDRESSES)("%j is taken exactly when the subscribe form's rule takes it", (address) => {
    expect(isValidEmail(address)).toBe(contractRule(address))
  })

  it("is read trimmed from a JSON object's email", () => {
    expect(addressOf({ email: "  ann@example.com " })).toEqual({ address: "ann@example.com" })
  })

  it.each([
    [{ email: "not-an-address" }, MESSAGES.invalid],
    [{ email: 42 }, MESSAGES.notString],
    [{}, MESSAGES.notString],
    [["ann@example.com"], MESSAGES.notJson],
    ["ann@example.com", MESSAGES.notJson],
    [null, MESSAGES.notJson],
  ])("%j is refused with 400 and a message the visitor reads", (body, message) => {
    expect(addressOf(body)).toEqual({ refusal: { status: 400, body: { message } } })
  })

  it("is answered, once accepted, in the reference server's words", () => {
    expect(SUBSCRIBED).toEqual({ status: 200, body: { success: true, message: "Thank you for subscribing!" } })
  })
})

describe("the form's outcome pages", () => {
  it("are the pages the site builds, for every outcome the contract names", () => {
    expect(SUBSCRIBE_FORM_OUTCOMES).toEqual(CONTRACT_OUTCOMES)
    for (const outcome of CONTRACT_OUTCOMES) expect(subscribeOutcomePath(outcome)).toBe(contractPath(outcome))
  })

  it.each([
    [200, "subscribed"],
    [400, "invalid-address"],
    [411, "invalid-address"],
    [413, "invalid-address"],
    [429, "too-many"],
    [500, "unavailable"],
    [503, "unavailable"],
  ])("name %i's page %j", (status, outcome) => {
    expect(formOutcome(status)).toBe(outcome)
  })
})

describe("SUBSCRIBE_RATE_LIMIT", () => {
  it("is the reference server's default when unset, none when off, and requests/seconds when given", () => {
    expect(subscribeRateLimit(undefined)).toEqual(DEFAULT_SUBSCRIBE_RATE_LIMIT)
    expect(subscribeRateLimit("")).toEqual({ limit: 10, windowSeconds: 600 })
    expect(subscribeRateLimit("off")).toBeNull()
    expect(subscribeRateLimit(" 3/60 ")).toEqual({ limit: 3, windowSeconds: 60 })
  })

  it.each(["ten", "10", "10/", "-1/60", "10 per 600"])("%j stops Strapi from starting, naming the setting", (text) => {
    expect(() => subscribeRateLimit(text)).toThrow(/SUBSCRIBE_RATE_LIMIT must look like 10\/600/)
  })
})

describe("a client's limit", () => {
  it("lets `limit` sign-ups through in a window, then says how long to wait, and opens a new window once it ends", () => {
    const limiter = new ClientLimiter({ limit: 2, windowSeconds: 60 })
    expect([limiter.take("a", 1_000), limiter.take("a", 2_000), limiter.take("a", 11_000)]).toEqual([0, 0, 50_000])
    expect(limiter.take("b", 11_000)).toBe(0)
    expect(limiter.take("a", 61_000)).toBe(0)
  })

  it("refuses everything at 0 and nothing when off", () => {
    expect(new ClientLimiter({ limit: 0, windowSeconds: 60 }).take("a", 0)).toBe(60_000)
    const off = new ClientLimiter(null)
    for (let i = 0; i < 100; i++) expect(off.take("a", 0)).toBe(0)
  })

  it("is told in the reference server's words", () => {
    expect(tooManyMessage(600_000)).toBe("Too many sign-ups from your network just now. Your address was not sent: please try again in 10 minutes.")
    expect(tooManyMessage(60_000)).toMatch(/try again in 1 minute\.$/)
    expect(tooManyMessage(1_500)).toMatch(/try again in 2 seconds\.$/)
  })

  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2:ffff:ffff:ffff:fffe", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:0:0:0:99", "2001:db8:1:2::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
  ])("counts %s as %s (an IPv6 client by its /64)", (ip, key) => {
    expect(clientKey(ip)).toBe(key)
  })
})

describe("the request, before its body is read", () => {
  const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name.toLowerCase()] ?? "" })

  it.each(["application/json; charset=utf-8", "application/x-www-form-urlencoded"])("is read when it is %s of a stated length within the limit", (type) => {
    expect(refusalBeforeReading(headers({ "content-type": type, "content-length": "40" }))).toBeUndefined()
  })

  it.each([
    [{ "content-type": "text/plain", "content-length": "40" }, 415],
    [{ "content-type": "multipart/form-data; boundary=x", "content-length": "40" }, 415],
    [{ "content-type": "application/json" }, 411],
    [{ "content-type": "application/json", "content-length": String(SUBSCRIBE_BODY_LIMIT_BYTES + 1) }, 413],
    [{ "content-type": "application/x-www-form-urlencoded", "content-length": String(SUBSCRIBE_BODY_LIMIT_BYTES + 1) }, 413],
  ])("%j is refused with %i", (values, status) => {
    expect(refusalBeforeReading(headers(values))?.status).toBe(status)
  })
})

const SITE = "https://www.example.com"
const JSON_HEADERS = { "content-type": "application/json", "content-length": "30" }
const FORM_HEADERS = { "content-type": "application/x-www-form-urlencoded", "content-length": "30", origin: SITE }

/** A Koa context as the guard sees it: what it answered is in status, body, headers and location. */
function context(method: string, path: string, values: Record<string, string>, ip = "203.0.113.7") {
  const ctx = {
    method,
    path,
    ip,
    status: 404,
    body: undefined as unknown,
    headers: {} as Record<string, string>,
    location: undefined as string | undefined,
    get: (name: string) => values[name.toLowerCase()] ?? "",
    set: (name: string, value: string) => void (ctx.headers[name.toLowerCase()] = value),
    redirect: (url: string) => void (ctx.location = url),
  }
  return ctx
}

const guardOf = (options: Partial<GuardOptions> = {}) => subscribeRequestGuard({ siteOrigins: [SITE], rateLimit: null, ...options })

async function run(guard: ReturnType<typeof guardOf>, ctx: ReturnType<typeof context>, answer?: { status: number; body?: unknown }) {
  const next = jest.fn(async () => {
    if (answer) Object.assign(ctx, { status: answer.status, body: answer.body ?? SUBSCRIBED.body })
  })
  await guard(ctx, next)
  return next
}

describe("the guard", () => {
  it("refuses with the contract's { message }, and lets every other request through untouched", async () => {
    const guard = guardOf()
    const refused = context("POST", "/api/subscribe", { "content-type": "text/plain", "content-length": "3" })
    expect(await run(guard, refused)).not.toHaveBeenCalled()
    expect(refused).toMatchObject({ status: 415, body: { message: expect.stringContaining("JSON") } })
    expect(await run(guard, context("POST", "/admin/login", { "content-type": "text/plain" }))).toHaveBeenCalled()
    expect(await run(guard, context("GET", "/api/subscribe", {}))).toHaveBeenCalled()
  })

  it("answers a body the parser cannot read with { message }, not Strapi's error shape", async () => {
    const broken = context("POST", "/api/subscribe", JSON_HEADERS)
    await guardOf()(broken, async () => {
      throw Object.assign(new SyntaxError("invalid JSON, only supports object and array"), { status: 400 })
    })
    expect(broken).toMatchObject({ status: 400, body: { message: MESSAGES.notJson } })
  })

  it.each([
    [200, "/thank-you/"],
    [400, "/subscribe/invalid-address/"],
    [500, "/subscribe/unavailable/"],
  ])("sends a form the route answered %i to the sending site's page %s", async (status, page) => {
    const form = context("POST", "/api/subscribe", FORM_HEADERS)
    await run(guardOf(), form, { status })
    expect(form).toMatchObject({ status: 303, location: `${SITE}${page}`, headers: { "cache-control": "no-store" } })
  })

  it("sends a form whose handling failed to the unavailable page, and logs the failure", async () => {
    const form = context("POST", "/api/subscribe", FORM_HEADERS)
    const logError = jest.fn()
    const failure = new Error("database is locked")
    await guardOf({ logError })(form, async () => {
      throw failure
    })
    expect(form).toMatchObject({ status: 303, location: `${SITE}/subscribe/unavailable/` })
    expect(logError).toHaveBeenCalledWith(failure)
  })

  it.each([
    ["another site's page", { ...FORM_HEADERS, origin: "https://elsewhere.example" }],
    ["a request without an origin", { ...FORM_HEADERS, origin: "" }],
  ])("refuses a form from %s with 403 before reading it, sending the browser nowhere", async (_, values) => {
    const form = context("POST", "/api/subscribe", values)
    expect(await run(guardOf(), form, { status: 200 })).not.toHaveBeenCalled()
    expect(form).toMatchObject({ status: 403, body: { message: "This form can only be sent from the site's own pages." }, location: undefined })
  })

  it("counts sign-ups per client before reading them: 429 with Retry-After for JSON, the too-many page for a form", async () => {
    const guard = guardOf({ rateLimit: { limit: 2, windowSeconds: 600 } })
    for (let i = 0; i < 2; i++) expect(await run(guard, context("POST", "/api/subscribe", JSON_HEADERS), { status: 200 })).toHaveBeenCalled()
    const json = context("POST", "/api/subscribe", JSON_HEADERS)
    expect(await run(guard, json, { status: 200 })).not.toHaveBeenCalled()
    expect(json).toMatchObject({ status: 429, body: { message: tooManyMessage(600_000) } })
    expect(Number(json.headers["retry-after"])).toBeGreaterThan(590)
    expect(Number(json.headers["retry-after"])).toBeLessThanOrEqual(600)
    const form = context("POST", "/api/subscribe", FORM_HEADERS)
    expect(await run(guard, form, { status: 200 })).not.toHaveBeenCalled()
    expect(form).toMatchObject({ status: 303, location: `${SITE}/subscribe/too-many/` })
    // Another client still signs up, and only sign-ups are limited.
    expect(await run(guard, context("POST", "/api/subscribe", JSON_HEADERS, "203.0.113.8"), { status: 200 })).toHaveBeenCalled()
    expect(await run(guard, context("GET", "/api/search", {}))).toHaveBeenCalled()
  })
})
