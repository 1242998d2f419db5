import { rawRequest } from "../../helpers/raw-request"
import { ADMIN_TOKEN, startTestPublisher, type TestPublisher } from "../helpers/harness"
import { FailedAttempts, isLoopbackAddress } from "../../../publisher/src/http/routes/admin-access"

// /status and /_publisher/ show every job, its failure and its build log;
// POST /releases/rollback changes what is live. Behind a reverse proxy every
// request arrives from loopback, so they need PUBLISHER_ADMIN_TOKEN on every
// address; only the development opt-in (PUBLISHER_STATUS_OPEN_ON_LOOPBACK,
// which `npm start` and the test harness set) opens the status on loopback.

/** One request with exactly these headers. */
const request = (url: string, headers: Record<string, string> = {}, method = "GET") => rawRequest(url, { headers, method })
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`editor:${password}`).toString("base64")}` })

describe("isLoopbackAddress", () => {
  it("calls loopback only what only this machine can reach", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "[::1]", "::ffff:127.0.0.1", "localhost"]) expect(isLoopbackAddress(address)).toBe(true)
    for (const address of ["0.0.0.0", "::", "192.168.1.20", "10.0.0.1", "2001:db8::1", "::ffff:10.0.0.1", "128.0.0.1", ""]) {
      expect(isLoopbackAddress(address)).toBe(false)
    }
  })
})

describe("the status without the development opt-in, on loopback too", () => {
  let site: TestPublisher
  afterEach(async () => site.dispose())

  it("answers 401 without the token, or with a wrong one, and shows nothing", async () => {
    site = await startTestPublisher({ initialBuild: false, statusOpenOnLoopback: false })
    for (const headers of [{}, bearer("wrong-token"), bearer(`${ADMIN_TOKEN}x`), basic("wrong"), { authorization: ADMIN_TOKEN }]) {
      const json = await request(`${site.url}/status`, headers)
      expect(json.statusCode).toBe(401)
      expect(json.headers["www-authenticate"]).toBe("Bearer")
      expect(JSON.parse(json.body)).toEqual({ message: "The status needs Authorization: Bearer <PUBLISHER_ADMIN_TOKEN>." })
      const page = await request(`${site.url}/_publisher/`, headers)
      expect(page.statusCode).toBe(401)
      // A browser asks for the token itself (as the password) after this challenge.
      expect(page.headers["www-authenticate"]).toMatch(/^Basic realm="publisher status"/)
      expect(page.body).not.toContain("Site publishing status")
    }
  })

  it("answers with the token, as a Bearer token or a browser's Basic password", async () => {
    site = await startTestPublisher({ initialBuild: false, statusOpenOnLoopback: false })
    const json = await request(`${site.url}/status`, bearer(ADMIN_TOKEN))
    expect(json.statusCode).toBe(200)
    expect(JSON.parse(json.body)).toMatchObject({ live: null, webhooks: "accepting" })
    const page = await request(`${site.url}/_publisher/`, basic(ADMIN_TOKEN))
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain("Site publishing status")
  })

  it("is off (403, naming the settings) when there is no token to ask for", async () => {
    site = await startTestPublisher({ initialBuild: false, statusOpenOnLoopback: false, adminToken: undefined })
    expect(site.publisher.config.adminToken).toBeUndefined()
    for (const path of ["/status", "/_publisher/"]) {
      const answer = await request(`${site.url}${path}`, bearer("anything"))
      expect(answer.statusCode).toBe(403)
      expect(JSON.parse(answer.body).message).toMatch(/PUBLISHER_ADMIN_TOKEN .*openssl rand -hex 32.*PUBLISHER_STATUS_OPEN_ON_LOOPBACK=on/)
    }
  })
})

describe("the status with the development opt-in", () => {
  let site: TestPublisher
  beforeAll(async () => {
    site = await startTestPublisher({ initialBuild: false, statusOpenOnLoopback: true })
  })
  afterAll(async () => site.dispose())

  it("is open on loopback, token or not", async () => {
    expect((await request(`${site.url}/status`)).statusCode).toBe(200)
    expect((await request(`${site.url}/_publisher/`)).statusCode).toBe(200)
  })

  it("still asks for the token for a request a proxy forwarded", async () => {
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip"]) {
      expect((await request(`${site.url}/status`, { [header]: "203.0.113.9" })).statusCode).toBe(401)
      expect((await request(`${site.url}/status`, { [header]: "203.0.113.9", ...bearer(ADMIN_TOKEN) })).statusCode).toBe(200)
    }
  })
})

describe("the admin paths' Host allow-list (DNS rebinding)", () => {
  let site: TestPublisher
  beforeAll(async () => {
    // Open on loopback, as under `npm start`: the case a rebound page would read.
    site = await startTestPublisher({ plan: { version: "v1" }, statusOpenOnLoopback: true, allowedHosts: ["publish.example.com", ".staff.example"] })
    await site.publisher.idle()
  })
  afterAll(async () => site.dispose())

  it("answers 421 to a name not listed, token or not, and names the setting", async () => {
    const port = new URL(site.url).port
    for (const host of [`rebind.attacker.example:${port}`, "rebind.attacker.example", "example.com", "publish.example.com.evil.example"]) {
      for (const headers of [{ host }, { host, ...bearer(ADMIN_TOKEN) }]) {
        const status = await request(`${site.url}/status`, headers)
        expect(status.statusCode).toBe(421)
        expect(JSON.parse(status.body).message).toContain("PUBLISHER_ALLOWED_HOSTS")
        expect((await request(`${site.url}/_publisher/`, headers)).statusCode).toBe(421)
        expect((await request(`${site.url}/releases/rollback`, headers, "POST")).statusCode).toBe(421)
      }
    }
  })

  it("answers the names listed, addresses and localhost", async () => {
    const port = new URL(site.url).port
    for (const host of ["publish.example.com", `PUBLISH.example.com.:${port}`, "ops.staff.example", `127.0.0.1:${port}`, `localhost:${port}`, "[::1]"]) {
      expect((await request(`${site.url}/status`, { host })).statusCode).toBe(200)
    }
  })

  it("leaves the public site to any name a CDN or proxy forwards", async () => {
    const page = await request(`${site.url}/`, { host: "www.public-name.example" })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain("Home v1")
  })
})

describe("wrong admin tokens", () => {
  let site: TestPublisher
  beforeEach(async () => {
    site = await startTestPublisher({ initialBuild: false, statusOpenOnLoopback: false })
  })
  afterEach(async () => site.dispose())

  it("are refused with 429 and Retry-After from the 11th in a minute from one address; the right token still goes through", async () => {
    // Asking without a token and succeeding are not counted.
    for (let i = 0; i < 15; i++) expect((await request(`${site.url}/status`)).statusCode).toBe(401)
    for (let i = 0; i < 5; i++) expect((await request(`${site.url}/status`, bearer(ADMIN_TOKEN))).statusCode).toBe(200)
    // The status and the rollback share one count.
    for (let i = 0; i < 5; i++) expect((await request(`${site.url}/status`, bearer(`wrong-${i}`))).statusCode).toBe(401)
    for (let i = 0; i < 5; i++) expect((await request(`${site.url}/releases/rollback`, bearer(`wrong-${i}`), "POST")).statusCode).toBe(401)
    for (const [path, method] of [
      ["/status", "GET"],
      ["/_publisher/", "GET"],
      ["/releases/rollback", "POST"],
    ] as const) {
      const refused = await request(`${site.url}${path}`, bearer("wrong-11"), method)
      expect(refused.statusCode).toBe(429)
      expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1)
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60)
      expect(JSON.parse(refused.body).message).toMatch(/^Too many wrong admin tokens from this address: try again in \d+ s\.$/)
    }
    // Behind a proxy or an office's NAT the guesser shares the operators' address: their token is never locked out.
    expect((await request(`${site.url}/status`, bearer(ADMIN_TOKEN))).statusCode).toBe(200)
    expect((await request(`${site.url}/_publisher/`, basic(ADMIN_TOKEN))).statusCode).toBe(200)
    expect((await request(`${site.url}/releases/rollback`, bearer(ADMIN_TOKEN), "POST")).statusCode).not.toBe(429)
  })
})

describe("FailedAttempts", () => {
  it("closes an address for the rest of its window after the limit, and opens it when the window ends", () => {
    let now = 1_000_000
    const attempts = new FailedAttempts(3, 60_000, () => now)
    for (let i = 0; i < 2; i++) attempts.record("192.0.2.1")
    expect(attempts.waitSeconds("192.0.2.1")).toBe(0)
    attempts.record("192.0.2.1")
    expect(attempts.waitSeconds("192.0.2.1")).toBe(60)
    expect(attempts.waitSeconds("192.0.2.2")).toBe(0)
    now += 59_500
    expect(attempts.waitSeconds("192.0.2.1")).toBe(1)
    now += 500
    expect(attempts.waitSeconds("192.0.2.1")).toBe(0)
    attempts.record("192.0.2.1")
    expect(attempts.waitSeconds("192.0.2.1")).toBe(0)
  })

  it("remembers a bounded number of addresses", () => {
    const attempts = new FailedAttempts(1, 60_000, () => 0)
    for (let i = 0; i < 10_050; i++) attempts.record(`2001:db8::${i.toString(16)}`)
    expect((attempts as unknown as { seen: Map<string, unknown> }).seen.size).toBeLessThanOrEqual(10_000)
    expect(attempts.waitSeconds("2001:db8::2741")).toBe(60)
  })
})
