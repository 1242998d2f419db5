import { createHmac, randomBytes } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { handOffTicket } from "../../../integrations/strapi/src/catalogue/preview/hand-off"
import { ConfigError, readConfig } from "../../../publisher/src/config"
import type { PreviewLaneSettings } from "../../../publisher/src/config"
import { newSession } from "../../../publisher/src/http/preview/session"
import { rawRequest, type RawAnswer } from "../../helpers/raw-request"
import { startTestPublisher, type TestPublisher } from "../helpers/harness"

/*
 * The publisher's side of the CMS's Preview button (docs/reference/preview-lane.md,
 * "The Preview button"): a short-lived, one-use signed ticket in the address
 * signs an editor in and opens its page, and the CMS admin's origins, and
 * no others, may frame the preview. Tickets are made here from the format
 * alone, and once by the Strapi integration's own code. Each test speaks
 * from its own address (the publisher trusts 127.0.0.1 as a proxy), so no
 * test's failures count against another's.
 */

const SIGN_IN_TOKEN = "preview-sign-in-token-0123456789ab"
const HAND_OFF_SECRET = "preview-hand-off-secret-0123456789abcdef"
const ADMIN_ORIGINS = ["http://localhost:1337", "https://cms.example.com"]
const PAGE = "/series/101/"
const EXPIRED = "This preview link has expired: open Preview again in the CMS, or sign in with the token."

async function startPreview(settings: Partial<PreviewLaneSettings>): Promise<TestPublisher> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-hand-off-"))
  const catalogueToken = "draft-view-token-0123456789abcdef"
  const site = await startTestPublisher({
    dir,
    plan: { version: "v1" },
    preview: { port: 0, dataDir: path.join(dir, "data", "preview"), catalogueToken, signInToken: SIGN_IN_TOKEN, ...settings },
    trustProxy: "127.0.0.1",
    buildEnv: { PATH: process.env.PATH, FAKE_BUILD_PLAN: path.join(dir, "plan.json"), FAKE_BUILD_RECORD: path.join(dir, "builds.jsonl"), CATALOGUE_PREVIEW_TOKEN: catalogueToken },
  })
  await site.publisher.idle()
  return site
}

/** A ticket as the format says (`{expiresAtMs}.{nonce}.{path}.{MAC}`), each field open to a test's choosing. */
function ticket(page: string, options: { secret?: string; expiresAt?: number; nonce?: string } = {}): string {
  const body = `${options.expiresAt ?? Date.now() + 60_000}.${options.nonce ?? randomBytes(12).toString("base64url")}.${Buffer.from(page).toString("base64url")}`
  return `${body}.${createHmac("sha256", options.secret ?? HAND_OFF_SECRET)
    .update(`preview-hand-off:${body}`)
    .digest("base64url")}`
}

/** `ticket` with its field number `index` replaced, the MAC kept. */
function tampered(original: string, index: number, value: string): string {
  const fields = original.split(".")
  fields[index] = value
  return fields.join(".")
}

let addresses = 0
/** An address of the test's own (documentation range), as the trusted proxy names it. */
const ownAddress = () => ({ "x-forwarded-for": `203.0.113.${++addresses}` })

const sessionOf = (answer: RawAnswer) => answer.headers["set-cookie"]?.[0]?.split(";")[0]
const frameAncestorsOf = (answer: RawAnswer) => /frame-ancestors ([^;]*)/.exec(String(answer.headers["content-security-policy"]))?.[1]

describe("the Preview button's hand-off", () => {
  let site: TestPublisher
  let url: string
  beforeAll(async () => {
    site = await startPreview({ handOffSecret: HAND_OFF_SECRET, frameAncestors: ADMIN_ORIGINS })
    url = site.publisher.previewUrl!
  }, 60_000)
  afterAll(async () => site?.dispose())

  const handOff = (value: string, headers: Record<string, string> = ownAddress()) => rawRequest(`${url}/_preview/hand-off?ticket=${encodeURIComponent(value)}`, { headers })

  it("signs an editor in with a fresh ticket and lands them on its page, the address kept out of caches and Referers", async () => {
    const answer = await handOff(ticket(PAGE))
    expect(answer.statusCode).toBe(303)
    expect(answer.headers.location).toBe(PAGE)
    expect(answer.headers["set-cookie"]?.[0]).toMatch(/^preview_session=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/)
    expect(answer.headers["cache-control"]).toBe("no-store")
    expect(answer.headers["referrer-policy"]).toBe("no-referrer")
    const page = await rawRequest(`${url}${PAGE}`, { headers: { cookie: sessionOf(answer)! } })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain("Series v1")
    expect(page.body).toContain('aria-label="Preview"')
  })

  it("takes the tickets the Strapi integration makes", async () => {
    const answer = await handOff(handOffTicket("/detail/1002/?from=cms", HAND_OFF_SECRET, Date.now()))
    expect(answer.statusCode).toBe(303)
    expect(answer.headers.location).toBe("/detail/1002/?from=cms")
    expect(sessionOf(answer)).toMatch(/^preview_session=/)
  })

  it("refuses an expired, overlong, tampered, wrongly signed, off-site or malformed ticket with the sign-in page and no session", async () => {
    const good = ticket(PAGE)
    const refused: Record<string, string> = {
      expired: ticket(PAGE, { expiresAt: Date.now() - 1 }),
      "living longer than 120 s": ticket(PAGE, { expiresAt: Date.now() + 125_000 }),
      "path changed": tampered(good, 2, Buffer.from("/detail/1002/").toString("base64url")),
      "expiry changed": tampered(good, 0, String(Number(good.split(".")[0]) + 1000)),
      "MAC changed": tampered(good, 3, `${good.split(".")[3]![0] === "A" ? "B" : "A"}${good.split(".")[3]!.slice(1)}`),
      "another secret": ticket(PAGE, { secret: "another-hand-off-secret-0123456789abcdef" }),
      "off-site path": ticket("//evil.example"),
      "off-site path, escaped": ticket("/\\evil.example/"),
      "full address": ticket("https://evil.example/"),
      malformed: "not-a-ticket",
      empty: "",
    }
    for (const [what, value] of Object.entries(refused)) {
      const answer = await handOff(value)
      expect({ what, status: answer.statusCode, cookie: answer.headers["set-cookie"], location: answer.headers.location }).toEqual({
        what,
        status: 401,
        cookie: undefined,
        location: undefined,
      })
      expect(answer.body).toContain(EXPIRED)
      expect(answer.body).toContain("Sign in to the preview")
      expect(answer.body).not.toContain("Series v1")
      expect({ what, cache: answer.headers["cache-control"], referrer: answer.headers["referrer-policy"] }).toEqual({ what, cache: "no-store", referrer: "no-referrer" })
    }
    // Without a ticket at all, or with two, it is the same page.
    for (const query of ["", "?ticket=a&ticket=b"]) expect((await rawRequest(`${url}/_preview/hand-off${query}`, { headers: ownAddress() })).statusCode).toBe(401)
  })

  it("sends an editor who signs in after a ticket the secret signed on to its page, and after any other to the home page", async () => {
    const expired = await handOff(ticket(PAGE, { expiresAt: Date.now() - 1 }))
    expect(expired.body).toContain(`name="next" value="${PAGE}"`)
    const forged = await handOff(ticket(PAGE, { secret: "another-hand-off-secret-0123456789abcdef" }))
    expect(forged.body).toContain('name="next" value="/"')
  })

  it("takes a ticket once: used again without a session it is refused, with one it opens its page", async () => {
    const once = ticket(PAGE)
    const first = await handOff(once)
    expect(first.statusCode).toBe(303)
    const again = await handOff(once)
    expect(again.statusCode).toBe(401)
    expect(again.headers["set-cookie"]).toBeUndefined()
    // The admin's iframe loads the same address again after a save, and the editor is signed in by then.
    const withSession = await handOff(once, { ...ownAddress(), cookie: sessionOf(first)! })
    expect(withSession.statusCode).toBe(303)
    expect(withSession.headers.location).toBe(PAGE)
    expect(withSession.headers["set-cookie"]).toBeUndefined()
    const expiredWithSession = await handOff(ticket(PAGE, { expiresAt: Date.now() - 1 }), { ...ownAddress(), cookie: sessionOf(first)! })
    expect(expiredWithSession.headers.location).toBe(PAGE)
    // A session is no way round the secret: a forged ticket is refused to a signed-in editor too.
    const forged = await handOff(ticket("/detail/1002/", { secret: "another-hand-off-secret-0123456789abcdef" }), { ...ownAddress(), cookie: sessionOf(first)! })
    expect(forged.statusCode).toBe(401)
  })

  it("counts failed tickets with wrong tokens: the 11th failure a minute answers 429, and a fresh ticket still goes through", async () => {
    const from = ownAddress()
    for (let i = 0; i < 5; i++) expect((await rawRequest(`${url}/`, { headers: { ...from, authorization: `Bearer wrong-${i}` } })).statusCode).toBe(401)
    for (let i = 0; i < 5; i++) expect((await handOff(ticket(PAGE, { expiresAt: Date.now() - 1 }), from)).statusCode).toBe(401)
    const eleventh = await handOff(ticket(PAGE, { secret: "another-hand-off-secret-0123456789abcdef" }), from)
    expect(eleventh.statusCode).toBe(429)
    expect(Number(eleventh.headers["retry-after"])).toBeGreaterThanOrEqual(1)
    expect(eleventh.headers["set-cookie"]).toBeUndefined()
    const fresh = await handOff(ticket(PAGE), from)
    expect(fresh.statusCode).toBe(303)
    expect(sessionOf(fresh)).toMatch(/^preview_session=/)
  })

  it("lets the CMS admin's origins, and only them, frame every preview answer; the live site stays unframeable", async () => {
    const session = { cookie: `preview_session=${newSession(SIGN_IN_TOKEN, Date.now()).value}` }
    const answers: Record<string, RawAnswer> = {
      "a page": await rawRequest(`${url}${PAGE}`, { headers: session }),
      "the site's not-found page": await rawRequest(`${url}/no-such-page/`, { headers: session }),
      "the sign-in page": await rawRequest(`${url}/_preview/sign-in`),
      "the sign-in page for a visitor without a session": await rawRequest(`${url}${PAGE}`),
      "a refused ticket": await handOff("not-a-ticket"),
      "a wrong name": await rawRequest(`${url}/`, { headers: { host: "evil.example" } }),
    }
    for (const [what, answer] of Object.entries(answers)) {
      expect({ what, frameAncestors: frameAncestorsOf(answer), xFrameOptions: answer.headers["x-frame-options"] }).toEqual({
        what,
        frameAncestors: ADMIN_ORIGINS.join(" "),
        xFrameOptions: undefined,
      })
    }
    // Only framing changes: the rest of each policy is the page's own.
    expect(answers["a page"]!.headers["content-security-policy"]).toMatch(/^default-src 'self'; script-src 'self'/)
    expect(answers["the sign-in page"]!.headers["content-security-policy"]).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; base-uri 'none'; form-action 'self'; frame-ancestors /,
    )
    for (const pagePath of [PAGE, "/_publisher/"]) {
      const live = await rawRequest(`${site.url}${pagePath}`)
      expect({ pagePath, frameAncestors: frameAncestorsOf(live), xFrameOptions: live.headers["x-frame-options"] }).toEqual({
        pagePath,
        frameAncestors: "'none'",
        xFrameOptions: "DENY",
      })
    }
  })
})

describe("the preview without the Preview button's settings", () => {
  let site: TestPublisher
  let url: string
  beforeAll(async () => {
    site = await startPreview({})
    url = site.publisher.previewUrl!
  }, 60_000)
  afterAll(async () => site?.dispose())

  it("answers the hand-off as any unknown path: the sign-in page without a session, the site's not-found page with one", async () => {
    const address = `${url}/_preview/hand-off?ticket=${encodeURIComponent(ticket(PAGE))}`
    const anonymous = await rawRequest(address)
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.headers["set-cookie"]).toBeUndefined()
    expect(anonymous.body).not.toContain(EXPIRED)
    const signedIn = await rawRequest(address, { headers: { cookie: `preview_session=${newSession(SIGN_IN_TOKEN, Date.now()).value}` } })
    expect(signedIn.statusCode).toBe(404)
    expect(signedIn.body).toContain("404 PAGE NOT FOUND")
  })

  it("lets nobody frame a preview answer", async () => {
    const session = { cookie: `preview_session=${newSession(SIGN_IN_TOKEN, Date.now()).value}` }
    for (const answer of [await rawRequest(`${url}${PAGE}`, { headers: session }), await rawRequest(`${url}/_preview/sign-in`)]) {
      expect(frameAncestorsOf(answer)).toBe("'none'")
      expect(answer.headers["x-frame-options"]).toBe("DENY")
    }
  })
})

describe("the Preview button's settings", () => {
  const lane = { PUBLISHER_PREVIEW_PORT: "9001", PUBLISHER_PREVIEW_SIGN_IN_TOKEN: SIGN_IN_TOKEN, CATALOGUE_PREVIEW_TOKEN: "draft-view-token-0123456789abcdef" }

  it("reads the hand-off's secret and the admin's origins, space- or comma-separated, as origins", () => {
    const config = readConfig({
      ...lane,
      PUBLISHER_PREVIEW_HANDOFF_SECRET: HAND_OFF_SECRET,
      PUBLISHER_PREVIEW_FRAME_ANCESTORS: " http://localhost:1337/, https://CMS.example.com:443  http://[::1]:1337 http://127.0.0.1:1337",
    })
    expect(config.preview).toMatchObject({
      handOffSecret: HAND_OFF_SECRET,
      frameAncestors: ["http://localhost:1337", "https://cms.example.com", "http://[::1]:1337", "http://127.0.0.1:1337"],
    })
    expect(readConfig(lane).preview).not.toHaveProperty("handOffSecret")
    expect(readConfig(lane).preview).not.toHaveProperty("frameAncestors")
  })

  it("names every origin that is not one, and a short secret, before anything starts", () => {
    const bad = [
      "*",
      "https://*.example.com",
      "cms.example.com",
      "https://cms.example.com/admin",
      "ftp://cms.example.com",
      "https://user@cms.example.com",
      "'self'",
      "http://localhost:99999",
    ]
    const read = () => readConfig({ ...lane, PUBLISHER_PREVIEW_HANDOFF_SECRET: "short", PUBLISHER_PREVIEW_FRAME_ANCESTORS: `https://cms.example.com ${bad.join(",")}` })
    expect(read).toThrow(ConfigError)
    const message = (() => {
      try {
        read()
        return ""
      } catch (error) {
        return (error as Error).message
      }
    })()
    expect(message).toMatch(/PUBLISHER_PREVIEW_FRAME_ANCESTORS must be the CMS admin's origins/)
    expect(message).toMatch(/PUBLISHER_PREVIEW_HANDOFF_SECRET must be at least 32 characters/)
    for (const entry of bad) expect(message).toContain(JSON.stringify(entry))
    expect(message).not.toContain('"https://cms.example.com"')
  })
})
