import { randomBytes } from "node:crypto"
import fs from "node:fs"
import { ANSWERS } from "../../../contract/schemas"
import { compileStrapi, makeWorkspace, signIn, startStrapi, type StrapiServer, type StrapiWorkspace } from "../helpers/strapi-server"

// Strapi's POST /api/subscribe as the site's visitors meet it, the same as
// the reference server's: an address already on the list answered as a new
// one; the footer's form without JavaScript (form-encoded, the page's
// Origin, the answer not followed) sent to the site's page for what
// happened, from the site's own pages only; and a limit per client.

const SITE = "https://www.example.com"
const SUBSCRIBER = "api::subscriber.subscriber"

type Json = any // eslint-disable-line @typescript-eslint/no-explicit-any -- any JSON the endpoints answer

interface Instance {
  workspace: StrapiWorkspace
  strapi: StrapiServer
}

async function startInstance(prefix: string, env: Record<string, string>): Promise<Instance> {
  const workspace = await makeWorkspace(prefix)
  return { workspace, strapi: await startStrapi(workspace, { SITE_URL: SITE, ...env }) }
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  await instance?.strapi.stop()
  if (instance) fs.rmSync(instance.workspace.dir, { recursive: true, force: true })
}

const address = () => `v${randomBytes(4).toString("hex")}@example.com`

/** The footer's form as a browser without JavaScript sends it. */
const postForm = (origin: string, fields: Record<string, string>, from: string | null = SITE) =>
  fetch(`${origin}/api/subscribe`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(from ? { origin: from } : {}) },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  })

/** The footer's call with JavaScript: JSON from the site's page. */
const postJson = (origin: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${origin}/api/subscribe`, { method: "POST", headers: { "content-type": "application/json", origin: SITE, ...headers }, body: JSON.stringify(body) })

const redirection = (response: Response) => ({ status: response.status, location: response.headers.get("location") })

describe("Strapi's POST /api/subscribe for the site's visitors", () => {
  let instance: Instance
  let token = ""

  beforeAll(async () => {
    await compileStrapi()
    // More sign-ups than one visitor sends: the limit has a Strapi of its own below.
    instance = await startInstance("strapi-subscribe-", { SUBSCRIBE_RATE_LIMIT: "off" })
    token = await signIn(instance.strapi.origin)
  }, 300_000)

  afterAll(() => stopInstance(instance), 30_000)

  /** The Subscriber entries an editor sees in the admin panel for this address, in any case. */
  async function stored(email: string): Promise<string[]> {
    const query = new URLSearchParams({ page: "1", pageSize: "100", "filters[email][$eqi]": email })
    const response = await fetch(`${instance.strapi.origin}/content-manager/collection-types/${SUBSCRIBER}?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    if (!response.ok) throw new Error(`Listing subscribers answered ${response.status}: ${await response.text()}`)
    return ((await response.json()) as Json).results.map((entry: { email: string }) => entry.email)
  }

  it("answers an address already on the list exactly as a new one, whatever its case, and stores it once", async () => {
    const email = address()
    const first = await postJson(instance.strapi.origin, { email })
    const again = await postJson(instance.strapi.origin, { email: ` ${email.toUpperCase()} ` })
    const bodies = [await first.json(), await again.json()]
    expect([first.status, again.status]).toEqual([200, 200])
    expect(bodies).toEqual([
      { success: true, message: "Thank you for subscribing!" },
      { success: true, message: "Thank you for subscribing!" },
    ])
    expect(ANSWERS.subscribe.safeParse(bodies[1]).success).toBe(true)
    expect(await stored(email)).toEqual([email])
  }, 30_000)

  it("stores a form's address from the site's page and sends the browser to the site's thank-you page, again for a second time", async () => {
    const email = address()
    const answer = await postForm(instance.strapi.origin, { email: ` ${email} ` })
    expect(redirection(answer)).toEqual({ status: 303, location: `${SITE}/thank-you/` })
    expect(answer.headers.get("cache-control")).toBe("no-store")
    expect(redirection(await postForm(instance.strapi.origin, { email }))).toEqual({ status: 303, location: `${SITE}/thank-you/` })
    expect(await stored(email)).toEqual([email])
  }, 30_000)

  it.each([
    ["an invalid address", { email: "not-an-address" }],
    ["no address at all", { name: "a@example.com" }],
    ["an address past the 4 KiB a sign-up may be", { email: `${"a".repeat(5000)}@example.com` }],
  ])(
    "sends a form with %s to the site's invalid-address page, storing nothing",
    async (_, fields) => {
      const answer = await postForm(instance.strapi.origin, fields)
      expect(redirection(answer)).toEqual({ status: 303, location: `${SITE}/subscribe/invalid-address/` })
      expect(answer.headers.get("cache-control")).toBe("no-store")
      for (const value of Object.values(fields)) expect(await stored(value)).toEqual([])
    },
    30_000,
  )

  it.each([
    ["another site's page", "https://elsewhere.example"],
    ["a request without an origin", null],
  ])(
    "refuses a form from %s with 403 { message }, storing nothing and sending the browser nowhere",
    async (_, from) => {
      const email = address()
      const answer = await postForm(instance.strapi.origin, { email }, from)
      expect(redirection(answer)).toEqual({ status: 403, location: null })
      expect(await answer.json()).toEqual({ message: "This form can only be sent from the site's own pages." })
      expect(await stored(email)).toEqual([])
      expect(redirection(await postForm(instance.strapi.origin, { email: "not-an-address" }, from))).toEqual({ status: 403, location: null })
    },
    30_000,
  )
})

describe("Strapi's POST /api/subscribe limit per client (SUBSCRIBE_RATE_LIMIT)", () => {
  const LIMIT = 3
  let instance: Instance

  beforeAll(async () => {
    await compileStrapi()
    instance = await startInstance("strapi-subscribe-limit-", { SUBSCRIBE_RATE_LIMIT: `${LIMIT}/600` })
  }, 300_000)

  afterAll(() => stopInstance(instance), 30_000)

  it("answers 429 with Retry-After and the footer's message past the limit, then sends a form to the too-many page; search still answers", async () => {
    for (let i = 0; i < LIMIT; i++) expect((await postJson(instance.strapi.origin, { email: address() })).status).toBe(200)
    const refused = await postJson(instance.strapi.origin, { email: address() })
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({
      message: "Too many sign-ups from your network just now. Your address was not sent: please try again in 10 minutes.",
    })
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(590)
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(600)
    // The site's page calls from its own origin: the browser must let it read the message.
    expect(refused.headers.get("access-control-allow-origin")).toBe(SITE)

    const form = await postForm(instance.strapi.origin, { email: address() })
    expect(redirection(form)).toEqual({ status: 303, location: `${SITE}/subscribe/too-many/` })
    expect(form.headers.get("cache-control")).toBe("no-store")
    // Without a trusted proxy (Strapi's server.proxy) X-Forwarded-For is the client's own claim: the connection counts.
    expect((await postJson(instance.strapi.origin, { email: address() }, { "x-forwarded-for": "198.51.100.9" })).status).toBe(429)
    expect((await fetch(`${instance.strapi.origin}/api/search?q=yoga`)).status).toBe(200)
  }, 30_000)
})
