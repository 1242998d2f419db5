import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { YIELDED_NOTE } from "../../publisher/src/jobs/publish-job"
import { episode, sendHook, startTestPublisher, type TestPublisher } from "./helpers/harness"
import { waitFor } from "../helpers/wait-for"

/*
 * The preview lane (docs/reference/preview-lane.md): a second set of
 * releases, built from the draft view on draft and publish webhooks, served
 * on its own port to signed-in editors only; the live lane goes first.
 */

const DRAFT_VIEW_TOKEN = "draft-view-token-0123456789abcdef"
const SIGN_IN_TOKEN = "preview-sign-in-token-0123456789ab"

/** The harness's publisher (its data in `data/` of its folder) with a preview lane on a free port. */
async function startWithPreview(plan = {}): Promise<TestPublisher> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "publisher-preview-"))
  return startTestPublisher({
    plan,
    dir,
    preview: { port: 0, dataDir: path.join(dir, "data", "preview"), catalogueToken: DRAFT_VIEW_TOKEN, signInToken: SIGN_IN_TOKEN },
    // The harness's build environment, and the token in it as an operator's shell might hold it: still no live build may get it.
    buildEnv: {
      PATH: process.env.PATH,
      FAKE_BUILD_PLAN: path.join(dir, "plan.json"),
      FAKE_BUILD_RECORD: path.join(dir, "builds.jsonl"),
      CATALOGUE_PREVIEW_TOKEN: DRAFT_VIEW_TOKEN,
    },
  })
}

const previewUrl = (site: TestPublisher) => {
  if (!site.publisher.previewUrl) throw new Error("The publisher runs no preview lane")
  return site.publisher.previewUrl
}
const signedIn = { headers: { authorization: `Bearer ${SIGN_IN_TOKEN}` } }
const home = async (url: string, init: RequestInit = {}) => (await (await fetch(`${url}/`, init)).text()).match(/Home v\d+( \(draft view\))?/)?.[0]
/** Whose workspace a build ran in: both lanes build in the live lane's folder, the preview's workspace moved there (build-room.ts). */
const laneOf = (site: TestPublisher, workspace: number | undefined) => {
  const live = path.join(site.dataDir, "workspace")
  // Parked beside the room while a preview build has it.
  const liveInode = (fs.statSync(`${live}.parked`, { throwIfNoEntry: false }) ?? fs.statSync(live)).ino
  return workspace === liveInode ? "live" : "preview"
}

describe("the preview lane", () => {
  let site: TestPublisher
  afterEach(async () => {
    await site?.dispose()
  })

  it("builds the draft view on draft webhooks, and both lanes on a publish, the live one first; a live build never gets the draft view's token", async () => {
    site = await startWithPreview({ version: "v1" })
    await site.publisher.idle()
    expect(await home(site.url)).toBe("Home v1")
    expect(await home(previewUrl(site), signedIn)).toBe("Home v1 (draft view)")

    site.setPlan({ version: "v2" })
    const draft = await sendHook(site.url, { event: "draft", refs: [episode(1002)] })
    expect(draft.status).toBe(202)
    const answer = (await draft.json()) as { jobId: number | null; previewJobId?: number }
    expect(answer.jobId).toBeNull()
    expect(answer.previewJobId).toEqual(expect.any(Number))
    await site.publisher.idle()
    expect(await home(previewUrl(site), signedIn)).toBe("Home v2 (draft view)")
    expect(await home(site.url)).toBe("Home v1")

    site.setPlan({ version: "v3" })
    const before = site.starts().length
    expect((await sendHook(site.url, { event: "publish", refs: [episode(1002)] })).status).toBe(202)
    await site.publisher.idle()
    expect(await home(site.url)).toBe("Home v3")
    expect(await home(previewUrl(site), signedIn)).toBe("Home v3 (draft view)")
    const publishBuilds = site.starts().slice(before)
    expect(publishBuilds.map((start) => laneOf(site, start.workspace))).toEqual(["live", "preview"])

    // The draft view's token goes to the preview's builds alone; both lanes name the same variables, so the
    // preview's first build keeps the HTML renderer's compiled modules from the live build it starts from.
    for (const start of site.starts()) {
      expect({ lane: laneOf(site, start.workspace), draftView: start.draftView }).toEqual({
        lane: laneOf(site, start.workspace),
        draftView: laneOf(site, start.workspace) === "preview",
      })
    }
    const namesOf = (lane: string) =>
      new Set(
        site
          .starts()
          .filter((start) => laneOf(site, start.workspace) === lane)
          .map((start) => JSON.stringify(start.env)),
      )
    expect(namesOf("preview")).toEqual(namesOf("live"))
    const status = site.publisher.status()
    expect(status.live?.releaseId).toBeTruthy()
    expect(site.publisher.previewStatus()?.live?.releaseId).toBeTruthy()
  }, 60_000)

  it("stops a running preview build when a publish comes, builds the live site first, then the preview again", async () => {
    site = await startWithPreview({ version: "v1" })
    await site.publisher.idle()
    const hold = path.join(site.dir, "hold")
    site.setPlan({ version: "v2", holdUntil: hold })
    await sendHook(site.url, { event: "draft", refs: [episode(1002)] })
    await waitFor(() => site.publisher.previewStatus()?.building !== null, { timeout: 10_000, what: "the preview build to start" })
    const held = site.publisher.previewStatus()?.building?.id
    const heldStarted = () => site.records().find((run) => run.event === "start" && laneOf(site, run.workspace) === "preview" && run.version === "v2")
    await waitFor(() => heldStarted() !== undefined, { timeout: 10_000, what: "the preview build's process" })

    site.setPlan({ version: "v3" })
    await sendHook(site.url, { event: "publish", refs: [episode(1002)] })
    await site.publisher.idle()
    fs.writeFileSync(hold, "")

    expect(await home(site.url)).toBe("Home v3")
    expect(await home(previewUrl(site), signedIn)).toBe("Home v3 (draft view)")
    const preview = site.publisher.previewStatus()
    const heldJob = preview?.recent.find((job) => job.id === held)
    expect(heldJob?.note).toBe(YIELDED_NOTE)
    // The live build started after the held preview build had started, and the preview's next build after the live one was done.
    const runs = site.records()
    const liveStart = runs.findIndex((run) => run.event === "start" && laneOf(site, run.workspace) === "live" && run.version === "v3")
    const liveDone = runs.findIndex((run, index) => index > liveStart && run.event === "done" && run.pid === runs[liveStart]?.pid)
    const previewAfter = runs.findIndex((run, index) => index > liveStart && run.event === "start" && laneOf(site, run.workspace) === "preview")
    expect(liveStart).toBeGreaterThan(-1)
    expect(previewAfter).toBeGreaterThan(liveDone)
    // Killed at once, not asked to finish a step while the live build waits for the cores.
    expect(runs.filter((run) => run.pid === heldStarted()!.pid).map((run) => run.event)).toEqual(["start"])
  }, 60_000)

  it("starts the preview's first build from the live lane's finished one, and its later builds from its own", async () => {
    site = await startWithPreview({ version: "v1", saveState: true })
    await site.publisher.idle()
    expect(await home(site.url)).toBe("Home v1")
    expect(await home(previewUrl(site), signedIn)).toBe("Home v1 (draft view)")
    site.setPlan({ version: "v2", saveState: true })
    await sendHook(site.url, { event: "draft", refs: [episode(1002)] })
    await site.publisher.idle()
    expect(await home(previewUrl(site), signedIn)).toBe("Home v2 (draft view)")
    expect(await home(site.url)).toBe("Home v1")
    // What each build found in its workspace: nothing, then the live build's state, then the preview's own.
    const found = site.starts().map((start) => ({ lane: laneOf(site, start.workspace), savedState: start.savedState }))
    expect(found).toEqual([
      { lane: "live", savedState: null },
      { lane: "preview", savedState: "live v1" },
      { lane: "preview", savedState: "preview v1" },
    ])
  }, 60_000)

  it("puts the preview bar first on every page: Preview, how many changes, each linked, the same page on the live site, its SEO card; the page's CSP unchanged", async () => {
    site = await startWithPreview({ version: "v1" })
    await site.publisher.idle()
    const url = previewUrl(site)
    const page = await fetch(`${url}/series/101/`, signedIn)
    const text = await page.text()
    expect(text).toMatch(/<body[^>]*><aside class="preview-bar" aria-label="Preview">/)
    const bar = /<aside class="preview-bar"[\s\S]*?<\/aside>/.exec(text)?.[0] ?? ""
    expect(bar).toContain(">Preview<")
    expect(bar).toContain("1 unpublished change: visitors do not see it yet.")
    expect(bar).toContain('Series: <a href="/series/101/">Core Strength v1</a>')
    // The live page in a new tab, and said so: the live site refuses to be framed, and the preview is framed in a CMS's preview screen.
    expect(bar).toContain(
      `<a href="${site.url}/series/101/" target="_blank" rel="noopener">This page on the live site <span aria-hidden="true">↗</span><span class="preview-bar__hidden">(opens in a new tab)</span></a>`,
    )
    expect(bar).toContain(`<a href="/_preview/seo/series/101/">This page's SEO card</a>`)
    // The card is a page of the preview: its bar's live link is the page it describes, and it has no card of its own.
    const card = await (await fetch(`${url}/_preview/seo/series/101/`, signedIn)).text()
    expect(card).toContain("SEO card: /series/101/ v1")
    expect(card).toContain(`<a href="${site.url}/series/101/" target="_blank" rel="noopener">This page on the live site`)
    expect(card).not.toContain("This page's SEO card")
    // A page the build left no card for has no link to one.
    expect(await (await fetch(`${url}/`, signedIn)).text()).not.toContain("SEO card")
    expect(text).toContain('<link rel="stylesheet" href="/_preview/bar.css"><body>')
    const css = await fetch(`${url}/_preview/bar.css`, signedIn)
    expect([css.status, css.headers.get("content-type")]).toEqual([200, "text/css; charset=utf-8"])
    // The live site has no bar; the page's CSP is the built page's, the bar's sheet let in by 'self'.
    const live = await fetch(`${site.url}/series/101/`)
    expect(await live.text()).not.toContain("preview-bar")
    expect(page.headers.get("content-security-policy")).toBe(live.headers.get("content-security-policy"))
    expect(page.headers.get("content-security-policy")).toMatch(/style-src 'self'/)

    site.setPlan({ version: "v2", previewChanges: { draftView: false, note: "The catalogue refused the draft view (401).", siteSettings: false, changes: [] } })
    await sendHook(site.url, { event: "draft", refs: [] })
    await site.publisher.idle()
    const refused = await (await fetch(`${url}/`, signedIn)).text()
    expect(refused).toContain("The catalogue refused the draft view (401). Drafts are not shown.")
  }, 60_000)

  it("shows nothing of the site to a visitor without sign-in; the form's token signs in with an HttpOnly, SameSite cookie; every answer says noindex", async () => {
    site = await startWithPreview({ version: "v1" })
    await site.publisher.idle()
    const url = previewUrl(site)

    for (const pathname of ["/", "/series/101/", "/page-data/index/page-data.json", "/sw.js", "/robots.txt"]) {
      const answer = await fetch(`${url}${pathname}`)
      const text = await answer.text()
      expect({ pathname, status: answer.status, robots: answer.headers.get("x-robots-tag") }).toEqual({ pathname, status: 401, robots: "noindex, nofollow" })
      expect(text).toContain("Sign in to the preview")
      expect(text).not.toContain("Home v1")
    }

    const wrong = await fetch(`${url}/_preview/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: "not-the-token", next: "/series/101/" }).toString(),
      redirect: "manual",
    })
    expect(wrong.status).toBe(401)
    expect(await wrong.text()).toContain("That token is not the preview&#39;s sign-in token.")
    expect(wrong.headers.get("set-cookie")).toBeNull()

    const right = await fetch(`${url}/_preview/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: SIGN_IN_TOKEN, next: "/series/101/" }).toString(),
      redirect: "manual",
    })
    expect(right.status).toBe(303)
    expect(right.headers.get("location")).toBe("/series/101/")
    const cookie = right.headers.get("set-cookie") ?? ""
    expect(cookie).toMatch(/^preview_session=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/)
    expect(cookie).not.toContain(SIGN_IN_TOKEN)

    const page = await fetch(`${url}/series/101/`, { headers: { cookie: cookie.split(";")[0]! } })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain("Series v1")
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow")
    expect(page.headers.get("cache-control")).toMatch(/^private/)

    // Somewhere else after signing in is no place to send an editor.
    const elsewhere = await fetch(`${url}/_preview/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: SIGN_IN_TOKEN, next: "//evil.example/" }).toString(),
      redirect: "manual",
    })
    expect(elsewhere.headers.get("location")).toBe("/")

    // A forged or stale cookie is no session.
    const forged = await fetch(`${url}/`, { headers: { cookie: `preview_session=${Date.now() + 1000}.${"A".repeat(43)}` } })
    expect(forged.status).toBe(401)
  }, 60_000)
})
