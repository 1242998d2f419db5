import { ANSWERS } from "../../../contract/schemas"
import { expectContract } from "../helpers/contract"
import { startTestServer, type TestServer } from "../helpers/test-server"

let server: TestServer

beforeAll(async () => {
  // More sign-ups than a visitor sends; the limit has its own tests below.
  server = await startTestServer({ subscribeRateLimit: null })
})

afterAll(async () => {
  await server.destroy()
})

/** Every answer honours the contract: 200 `{ success, message }`, anything else `{ message? }`. */
async function post(body: string, contentType = "application/json") {
  const answer = await server.call("/api/subscribe", { method: "POST", headers: { "content-type": contentType }, body })
  expectContract(answer.status === 200 ? ANSWERS.subscribe : ANSWERS.error, answer.body)
  return answer
}

const subscribe = (email: unknown) => post(JSON.stringify({ email }))

const stored = () => (server.db.prepare("SELECT email FROM subscriptions ORDER BY id").all() as { email: string }[]).map((r) => r.email)

describe("POST /api/subscribe", () => {
  it("accepts a valid address with success true and stores it", async () => {
    const { status, body } = await subscribe("ana@example.com")
    expect(status).toBe(200)
    expect(body).toEqual({ success: true, message: expect.any(String) })
    expect(stored()).toContain("ana@example.com")
  })

  it("answers an address already on the list exactly as a new one, whatever its case, and stores it once", async () => {
    const first = await subscribe("Ben.Lee@Example.org")
    const again = await subscribe("  ben.lee@EXAMPLE.ORG ")
    expect(first).toMatchObject({ status: 200, body: { success: true, message: "Thank you for subscribing!" } })
    expect({ status: again.status, body: again.body }).toEqual({ status: first.status, body: first.body })
    expect(stored().filter((e) => e.toLowerCase() === "ben.lee@example.org")).toEqual(["Ben.Lee@Example.org"])
  })

  it.each(["", "plainaddress", "@example.com", "a@b", "a b@example.com", "a@example..com", `${"x".repeat(250)}@example.com`])(
    "answers 400 with a message for the invalid address %j",
    async (email) => {
      const before = stored().length
      const { status, body } = await subscribe(email)
      expect(status).toBe(400)
      expect(body.message).toBe("Please enter a valid email address.")
      expect(stored()).toHaveLength(before)
    },
  )

  it.each([
    ["a number", JSON.stringify({ email: 42 })],
    ["null", JSON.stringify({ email: null })],
    ["a list", JSON.stringify({ email: ["a@example.com"] })],
    ["no email field", JSON.stringify({ mail: "a@example.com" })],
    ["a bare string", JSON.stringify("a@example.com")],
    ["an array body", JSON.stringify([{ email: "a@example.com" }])],
  ])("answers 400 with a message for %s", async (_, body) => {
    const answer = await post(body)
    expect(answer.status).toBe(400)
    expect(answer.body.message).toEqual(expect.any(String))
  })

  it("answers 400 with a message for malformed JSON and for an empty body", async () => {
    for (const body of ['{"email": ', "{'email': 'a@example.com'}", "\u0000"]) {
      const answer = await post(body)
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe("The request body is not valid JSON.")
    }
    const empty = await post("")
    expect(empty.status).toBe(400)
    expect(empty.body.message).toMatch(/empty/)
  })

  it("answers 413 with a message for a huge body, and keeps serving", async () => {
    const huge = JSON.stringify({ email: `${"a".repeat(1024 * 1024)}@example.com` })
    const answer = await post(huge)
    expect(answer.status).toBe(413)
    expect(answer.body.message).toMatch(/larger than/)
    expect((await subscribe("after.huge@example.com")).status).toBe(200)
  })

  it("answers the special .test domains as each error of the spec's error catalogue, storing nothing", async () => {
    const before = stored().length
    expect(await subscribe("x@reject.test")).toMatchObject({ status: 200, body: { success: false, message: expect.any(String) } })
    expect(await subscribe("x@fail.test")).toMatchObject({ status: 500, body: { message: expect.any(String) } })
    const silent = await subscribe("x@fail-silently.test")
    expect(silent.status).toBe(503)
    expect(silent.body.message).toBeUndefined()
    await expect(subscribe("x@no-response.test")).rejects.toThrow()
    expect(stored()).toHaveLength(before)
  })

  it("keeps every accepted subscription across a restart", async () => {
    await subscribe("first.durable@example.com")
    await subscribe("durable@example.com")
    server = await server.restart()
    expect(stored()).toEqual(expect.arrayContaining(["first.durable@example.com", "durable@example.com"]))
    expect((await subscribe("DURABLE@example.com")).body).toEqual({ success: true, message: "Thank you for subscribing!" })
    expect(stored().filter((e) => e.toLowerCase() === "durable@example.com")).toHaveLength(1)
    const listed = await server.admin("subscriptions")
    expect(listed.body.data.map((s: { email: string }) => s.email)).toContain("durable@example.com")
  })
})

/** The footer's form as a browser without JavaScript sends it: form-encoded, with the page's origin, not following the answer. */
const postForm = (target: TestServer, fields: Record<string, string>, origin: string | null = SITE) =>
  target.call("/api/subscribe", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(origin ? { origin } : {}) },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  })

const SITE = "http://localhost:9000"

describe("POST /api/subscribe as a form (the footer without JavaScript)", () => {
  it("stores a valid address and sends the browser to the site's thank-you page", async () => {
    const answer = await postForm(server, { email: " form.visitor@example.com " })
    expect({ status: answer.status, location: answer.headers.get("location") }).toEqual({ status: 303, location: `${SITE}/thank-you/` })
    expect(stored()).toContain("form.visitor@example.com")
  })

  it.each([
    ["an invalid address", { email: "not-an-address" }, "invalid-address"],
    ["no address at all", { name: "a@example.com" }, "invalid-address"],
    ["an address the list refuses", { email: "x@reject.test" }, "not-subscribed"],
    ["a list that fails", { email: "x@fail.test" }, "unavailable"],
    ["a list that fails without a word", { email: "x@fail-silently.test" }, "unavailable"],
  ])("sends %s to the site's page that says so, storing nothing", async (_, fields, outcome) => {
    const before = stored().length
    const answer = await postForm(server, fields)
    expect({ status: answer.status, location: answer.headers.get("location") }).toEqual({ status: 303, location: `${SITE}/subscribe/${outcome}/` })
    expect(stored()).toHaveLength(before)
  })

  it.each([
    ["another site's page", "https://elsewhere.example"],
    ["a request without an origin", null],
  ])("refuses a form from %s with 403, storing nothing and sending the browser nowhere", async (_, origin) => {
    const answer = await postForm(server, { email: "forged@example.com" }, origin)
    expect(answer.status).toBe(403)
    expect(answer.headers.get("location")).toBeNull()
    expectContract(ANSWERS.error, answer.body)
    expect(stored()).not.toContain("forged@example.com")
    const invalid = await postForm(server, { email: "not-an-address" }, origin)
    expect({ status: invalid.status, location: invalid.headers.get("location") }).toEqual({ status: 403, location: null })
  })
})

describe("POST /api/subscribe's rate limit", () => {
  let limited: TestServer
  const LIMIT = 3

  // A server of each test's own: what one test spent of the limit never decides another's answer, in any order.
  beforeEach(async () => {
    limited = await startTestServer({ subscribeRateLimit: { limit: LIMIT, windowSeconds: 600 } })
  })

  afterEach(async () => {
    await limited.destroy()
  })

  const send = (email: string) =>
    limited.call("/api/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:9000" },
      body: JSON.stringify({ email }),
    })

  it("answers 429 with Retry-After and a message the footer can show, after the limit of one client address", async () => {
    for (let i = 0; i < LIMIT; i++) expect((await send(`allowed-${i}@example.com`)).status).toBe(200)
    const refused = await send("one-too-many@example.com")
    expect(refused.status).toBe(429)
    expectContract(ANSWERS.error, refused.body)
    expect(refused.body.message).toBe("Too many sign-ups from your network just now. Your address was not sent: please try again in 10 minutes.")
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(590)
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(600)
    // The site's page calls from another origin: the browser must let it read the message.
    expect(refused.headers.get("access-control-allow-origin")).toBe("http://localhost:9000")
    const kept = limited.db.prepare("SELECT email FROM subscriptions").all() as { email: string }[]
    expect(kept.map((row) => row.email)).not.toContain("one-too-many@example.com")
  })

  it("sends a form over the limit to the site's page that says to try again later", async () => {
    for (let i = 0; i < LIMIT; i++) expect((await send(`form-allowed-${i}@example.com`)).status).toBe(200)
    const refused = await postForm(limited, { email: "form-too-many@example.com" })
    expect({ status: refused.status, location: refused.headers.get("location") }).toEqual({ status: 303, location: `${SITE}/subscribe/too-many/` })
  })

  /** Spends the whole limit of this client's address. */
  const exhaust = async () => {
    for (let i = 0; i < LIMIT; i++) expect((await send(`spent-${i}@example.com`)).status).toBe(200)
  }

  it("limits only sign-ups: search and the catalogue still answer that client", async () => {
    await exhaust()
    expect((await send("still-too-many@example.com")).status).toBe(429)
    expect((await limited.call("/api/search?q=yoga")).status).toBe(200)
    expect((await limited.call("/api/categories")).status).toBe(200)
  })

  it("counts each client address apart, read from X-Forwarded-For only behind a trusted proxy (CMS_TRUST_PROXY)", async () => {
    const proxied = await startTestServer({ subscribeRateLimit: { limit: 1, windowSeconds: 600 }, trustProxy: "127.0.0.1" })
    try {
      const from = (client: string, email: string) =>
        proxied.call("/api/subscribe", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": client },
          body: JSON.stringify({ email }),
        })
      expect((await from("198.51.100.1", "first@example.com")).status).toBe(200)
      expect((await from("198.51.100.1", "second@example.com")).status).toBe(429)
      expect((await from("198.51.100.2", "neighbour@example.com")).status).toBe(200)
    } finally {
      await proxied.destroy()
    }
    // Without a trusted proxy the header is the client's own claim: the connection's address counts.
    await exhaust()
    expect((await send("claims-another@example.com")).status).toBe(429)
    const spoofed = await limited.call("/api/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.9" },
      body: JSON.stringify({ email: "spoofed@example.com" }),
    })
    expect(spoofed.status).toBe(429)
  })

  it("counts an IPv6 client by its /64, which one line or host picks addresses from at will, and an IPv4 one by its address", async () => {
    const proxied = await startTestServer({ subscribeRateLimit: { limit: 1, windowSeconds: 600 }, trustProxy: "127.0.0.1" })
    try {
      const from = (client: string, email: string) =>
        proxied.call("/api/subscribe", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": client },
          body: JSON.stringify({ email }),
        })
      expect((await from("2001:db8:1:2::1", "v6-first@example.com")).status).toBe(200)
      expect((await from("2001:db8:1:2:ffff:ffff:ffff:fffe", "v6-same-64@example.com")).status).toBe(429)
      expect((await from("2001:DB8:1:2:0:0:0:99", "v6-same-64-spelt-otherwise@example.com")).status).toBe(429)
      expect((await from("2001:db8:1:3::1", "v6-next-64@example.com")).status).toBe(200)
      expect((await from("203.0.113.7", "v4@example.com")).status).toBe(200)
      expect((await from("203.0.113.8", "v4-neighbour@example.com")).status).toBe(200)
    } finally {
      await proxied.destroy()
    }
  })
})
