import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { newSession, previewCookieSecure, safeNext, SESSION_MS } from "../../../publisher/src/http/preview/session"
import { rawRequest, type RawAnswer } from "../../helpers/raw-request"
import { startTestPublisher, type TestPublisher } from "../helpers/harness"

/*
 * The preview site against an attacker (docs/reference/security-headers.md,
 * "The preview"): nothing of it without a session, whatever the method,
 * path or body; no sign-in or sign-out from another site; no way out of
 * the site after signing in; wrong tokens limited wherever they are given.
 * The publisher trusts 127.0.0.1 as a proxy, so each test speaks from its
 * own address (X-Forwarded-For) and no test's wrong tokens count against another's.
 */

const SIGN_IN_TOKEN = "preview-sign-in-token-0123456789ab"
const DRAFT_TITLE = "Unpublished draft: the spring launch"
const DRAFT_PATH = "/detail/1002/"
const ALLOWED_NAME = "preview.example.com"

async function startPreviewPublisher(publicUrl?: string): Promise<TestPublisher> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-access-"))
  const site = await startTestPublisher({
    dir,
    plan: { version: "v1", previewChanges: { draftView: true, note: null, siteSettings: false, changes: [{ kind: "Episode", title: DRAFT_TITLE, path: DRAFT_PATH }] } },
    preview: {
      port: 0,
      dataDir: path.join(dir, "data", "preview"),
      catalogueToken: "draft-view-token-0123456789abcdef",
      signInToken: SIGN_IN_TOKEN,
      ...(publicUrl ? { publicUrl } : {}),
    },
    allowedHosts: [ALLOWED_NAME],
    trustProxy: "127.0.0.1",
    buildEnv: {
      PATH: process.env.PATH,
      FAKE_BUILD_PLAN: path.join(dir, "plan.json"),
      FAKE_BUILD_RECORD: path.join(dir, "builds.jsonl"),
      CATALOGUE_PREVIEW_TOKEN: "draft-view-token-0123456789abcdef",
    },
  })
  await site.publisher.idle()
  return site
}

let addresses = 0
/** An address of the test's own (documentation range), as the trusted proxy names it. */
const ownAddress = () => ({ "x-forwarded-for": `198.51.100.${++addresses}` })

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const FORM = { "content-type": "application/x-www-form-urlencoded" }
const SAME_ORIGIN = { "sec-fetch-site": "same-origin" }

/** What must never be in an answer to someone without a session: the draft's title and path, and any page of the release. */
function showsNothingOfTheSite(answer: RawAnswer): boolean {
  return ![DRAFT_TITLE, DRAFT_PATH, "Home v1", "Series v1", "404 PAGE NOT FOUND", "preview-bar"].some((text) => answer.body.includes(text))
}

describe("the preview site against an attacker", () => {
  let site: TestPublisher
  let url: string
  beforeAll(async () => {
    site = await startPreviewPublisher()
    url = site.publisher.previewUrl!
  }, 60_000)
  afterAll(async () => site?.dispose())

  const signIn = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    rawRequest(`${url}/_preview/sign-in`, { method: "POST", headers: { ...FORM, ...SAME_ORIGIN, ...headers }, body: form(fields) })

  it("shows a signed-in editor the draft, so the checks below look for something that is there", async () => {
    const page = await rawRequest(`${url}/no-such-page/`, { headers: { authorization: `Bearer ${SIGN_IN_TOKEN}` } })
    expect(page.statusCode).toBe(404)
    expect(page.body).toContain(DRAFT_TITLE)
  })

  it("answers every method on every path, without a session, with nothing of the site or its drafts", async () => {
    const paths = [
      "/",
      "/series/101/",
      "/no-such-page/",
      "/404.html",
      "/_preview/sign-out",
      "/_preview/sign-out/",
      "/_preview/sign-in/",
      "/_preview/%73ign-out",
      "//_preview/sign-out",
      "/_preview/bar.css",
      "/_preview/changes.json",
      "/page-data/index/page-data.json",
      "/status",
    ]
    const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"]
    const bodies = [undefined, '{"token":["x"]}']
    const seen: string[] = []
    for (const pathname of paths) {
      for (const method of methods) {
        // A body on GET or HEAD is no request a browser makes, and Node's client cannot send one on HEAD.
        for (const body of method === "GET" || method === "HEAD" ? [undefined] : bodies) {
          const headers = { ...ownAddress(), ...(body ? { "content-type": "application/json" } : {}), cookie: `preview_session=${Date.now() + 1000}.${"A".repeat(43)}` }
          const answer = await rawRequest(`${url}${pathname}`, { method, headers, body }).catch((error: Error) => {
            throw new Error(`${method} ${pathname}${body ? " (JSON)" : ""}: ${error.message}`)
          })
          const signingOut = method === "POST" && pathname === "/_preview/sign-out"
          if (!showsNothingOfTheSite(answer) || (answer.statusCode < 400 && !signingOut)) seen.push(`${method} ${pathname}${body ? " (JSON)" : ""}: ${answer.statusCode}`)
        }
      }
    }
    // Signing out (a 303 to the sign-in page) is the only answer under 400 there; the sign-in page itself is the other.
    expect(seen).toEqual([])
    for (const method of ["GET", "HEAD"]) expect((await rawRequest(`${url}/_preview/sign-in`, { method })).statusCode).toBe(200)
    expect((await rawRequest(`${url}/_preview/sign-out`, { method: "POST", headers: SAME_ORIGIN })).statusCode).toBe(303)
  })

  it("refuses an expired or overlong session, though well signed, and a session for another token", async () => {
    const ended = newSession(SIGN_IN_TOKEN, Date.now() - SESSION_MS - 1000).value
    const tooLong = newSession(SIGN_IN_TOKEN, Date.now() + SESSION_MS).value
    const otherToken = newSession("another-sign-in-token-0123456789ab", Date.now()).value
    for (const value of [ended, tooLong, otherToken]) {
      const answer = await rawRequest(`${url}/series/101/`, { headers: { cookie: `preview_session=${value}` } })
      expect({ value, status: answer.statusCode }).toEqual({ value, status: 401 })
      expect(showsNothingOfTheSite(answer)).toBe(true)
    }
    const fresh = await rawRequest(`${url}/series/101/`, { headers: { cookie: `preview_session=${newSession(SIGN_IN_TOKEN, Date.now()).value}` } })
    expect(fresh.statusCode).toBe(200)
  })

  it("answers only to its own names: a rebound page's request is refused even with the token", async () => {
    const token = { authorization: `Bearer ${SIGN_IN_TOKEN}` }
    const rebound = await rawRequest(`${url}/`, { headers: { ...token, host: "evil.example" } })
    expect(rebound.statusCode).toBe(421)
    expect(showsNothingOfTheSite(rebound)).toBe(true)
    // The publisher trusts a proxy on loopback, and a rebound page on this machine is on loopback: a forwarded name it adds changes nothing.
    expect((await rawRequest(`${url}/`, { headers: { ...token, host: "evil.example", "x-forwarded-host": "localhost" } })).statusCode).toBe(421)
    expect((await rawRequest(`${url}/`, { headers: { ...token, host: ALLOWED_NAME } })).statusCode).toBe(200)
    expect((await rawRequest(`${url}/`, { headers: { ...token, host: "localhost" } })).statusCode).toBe(200)
  })

  it("refuses a sign-in from another site and does not count it; signs in from its own page", async () => {
    const from = ownAddress()
    const crossSite: Record<string, string>[] = [{ "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }, { origin: "https://evil.example" }, { origin: "null" }]
    for (let i = 0; i < 12; i++) {
      const headers = { ...FORM, ...from, ...crossSite[i % crossSite.length] }
      const answer = await rawRequest(`${url}/_preview/sign-in`, { method: "POST", headers, body: form({ token: i === 0 ? SIGN_IN_TOKEN : `wrong-${i}` }) })
      expect({ i, status: answer.statusCode, cookie: answer.headers["set-cookie"] }).toEqual({ i, status: 403, cookie: undefined })
    }
    // None of the twelve counted: a wrong token from this page is the first, and the right one signs in.
    expect((await signIn({ token: "wrong" }, from)).statusCode).toBe(401)
    const right = await signIn({ token: SIGN_IN_TOKEN, next: "/series/101/" }, { ...from, origin: `${url}` })
    expect(right.statusCode).toBe(303)
    expect(right.headers["set-cookie"]?.[0]).toMatch(/^preview_session=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/)
  })

  it("signs out only when asked from the preview itself", async () => {
    for (const headers of [{ "sec-fetch-site": "cross-site" }, { origin: "https://evil.example" }] as Record<string, string>[]) {
      const answer = await rawRequest(`${url}/_preview/sign-out`, { method: "POST", headers })
      expect(answer.statusCode).toBe(403)
      expect(answer.headers["set-cookie"]).toBeUndefined()
    }
    const own = await rawRequest(`${url}/_preview/sign-out`, { method: "POST", headers: SAME_ORIGIN })
    expect(own.statusCode).toBe(303)
    expect(own.headers.location).toBe("/_preview/sign-in")
    expect(own.headers["set-cookie"]?.[0]).toMatch(/^preview_session=; .*Max-Age=0/)
  })

  it("sends an editor on only to a page of this site after signing in", async () => {
    const outside = [
      "/\t/evil.example/",
      "/\n/evil.example/",
      "/\\evil.example/",
      "//evil.example/",
      "/.//evil.example/",
      "/\\/evil.example/",
      "https://evil.example/",
      "javascript:alert(1)",
      "evil.example",
    ]
    const from = ownAddress()
    for (const next of outside) {
      const answer = await signIn({ token: SIGN_IN_TOKEN, next }, from)
      const location = String(answer.headers.location)
      expect({ next, goesTo: new URL(location, "http://preview.test/").origin }).toEqual({ next, goesTo: "http://preview.test" })
      expect(location).toMatch(/^\/(?!\/)/)
    }
    expect((await signIn({ token: SIGN_IN_TOKEN, next: "/series/101/?from=bar#top" }, from)).headers.location).toBe("/series/101/?from=bar#top")
  })

  it("answers 429 to the 11th wrong token a minute, in the form or a Bearer header alike, and still lets the right one in", async () => {
    const from = ownAddress()
    for (let i = 0; i < 5; i++) expect((await signIn({ token: `wrong-${i}` }, from)).statusCode).toBe(401)
    for (let i = 0; i < 5; i++) expect((await rawRequest(`${url}/`, { headers: { ...from, authorization: `Bearer wrong-${i}` } })).statusCode).toBe(401)
    const bearer = await rawRequest(`${url}/`, { headers: { ...from, authorization: "Bearer wrong-11" } })
    expect(bearer.statusCode).toBe(429)
    expect(Number(bearer.headers["retry-after"])).toBeGreaterThanOrEqual(1)
    expect(showsNothingOfTheSite(bearer)).toBe(true)
    const formed = await signIn({ token: "wrong-12" }, from)
    expect(formed.statusCode).toBe(429)
    expect(formed.body).toMatch(/Too many wrong tokens from this address: try again in \d+ s\./)
    // A guesser sharing an editor's address (an office, a proxy) does not lock the editor out.
    expect((await rawRequest(`${url}/`, { headers: { ...from, authorization: `Bearer ${SIGN_IN_TOKEN}` } })).statusCode).toBe(200)
    expect((await signIn({ token: SIGN_IN_TOKEN }, from)).statusCode).toBe(303)
  })

  it("answers 400 to a sign-in that is not a form of one token, and counts nothing", async () => {
    const from = ownAddress()
    const malformed: [string, string][] = [
      ["application/json", '{"token":["x"]}'],
      ["application/json", `{"token":"${SIGN_IN_TOKEN}"}`],
      ["text/plain", `token=${SIGN_IN_TOKEN}`],
      ["multipart/form-data; boundary=x", `--x\r\nContent-Disposition: form-data; name="token"\r\n\r\n${SIGN_IN_TOKEN}\r\n--x--\r\n`],
      ["application/x-www-form-urlencoded", "token=a&token=b"],
      ["application/x-www-form-urlencoded", "next=/&next=//evil.example/"],
    ]
    for (const [type, body] of malformed) {
      const answer = await rawRequest(`${url}/_preview/sign-in`, { method: "POST", headers: { ...SAME_ORIGIN, ...from, "content-type": type }, body })
      expect({ type, body, status: answer.statusCode, cookie: answer.headers["set-cookie"] }).toEqual({ type, body, status: 400, cookie: undefined })
      expect(answer.body).toContain("Sign in to the preview")
    }
    expect((await signIn({ token: SIGN_IN_TOKEN }, from)).statusCode).toBe(303)
  })
})

describe("the preview's session cookie", () => {
  it("is __Host- and Secure unless the preview is plain http on loopback", () => {
    for (const url of ["https://preview.example.com", "http://preview.example.com", "https://localhost:9001", "http://0.0.0.0/", "http://192.168.1.20:9001"])
      expect({ url, secure: previewCookieSecure(url) }).toEqual({ url, secure: true })
    for (const url of ["http://localhost:9001", "http://127.0.0.1/", "http://[::1]:9001", "http://editor.localhost"])
      expect({ url, secure: previewCookieSecure(url) }).toEqual({ url, secure: false })
  })

  it("is set as __Host-preview_session; Secure for a preview behind TLS, though the request came as http, and only that name is a session", async () => {
    const site = await startPreviewPublisher("https://preview.example.com")
    try {
      const url = site.publisher.previewUrl!
      const answer = await rawRequest(`${url}/_preview/sign-in`, { method: "POST", headers: { ...FORM, ...SAME_ORIGIN }, body: form({ token: SIGN_IN_TOKEN }) })
      const cookie = answer.headers["set-cookie"]?.[0] ?? ""
      expect(cookie).toMatch(/^__Host-preview_session=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200; Secure$/)
      const value = cookie.split(";")[0]!.split("=")[1]
      expect((await rawRequest(`${url}/`, { headers: { cookie: `__Host-preview_session=${value}` } })).statusCode).toBe(200)
      expect((await rawRequest(`${url}/`, { headers: { cookie: `preview_session=${value}` } })).statusCode).toBe(401)
    } finally {
      await site.dispose()
    }
  }, 60_000)
})

describe("safeNext", () => {
  it("keeps a path of this site as the URL parser writes it, and nothing else", () => {
    expect(safeNext("/series/101/")).toBe("/series/101/")
    expect(safeNext("/a b/")).toBe("/a%20b/")
    expect(safeNext("/%09/evil.example/")).toBe("/%09/evil.example/")
    for (const next of [undefined, ["/"], "", "/\t/evil.example/", "//evil.example", "/.//evil.example", "\\\\evil.example", "https://evil.example/"])
      expect(safeNext(next)).toBe("/")
  })
})
