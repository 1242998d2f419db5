import fs from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import {
  createRelease,
  isIntactRelease,
  listReleases,
  liveReleaseId,
  liveSiteFiles,
  newReleaseId,
  pageUrlOf,
  previousRelease,
  pruneReleases,
  recoverLiveRelease,
  releasePaths,
  removeLeftovers,
  switchRelease,
} from "../../../publisher/src/releases/releases"
import { listTree } from "../../../publisher/src/releases/file-batches"
import { flattenRelease, flattenReleases, startFlattening } from "../../../publisher/src/releases/flatten-release"
import { NO_CHANGE_NOTE } from "../../../publisher/src/jobs/publish-job"
import type { Manifest } from "../../../publisher/src/releases/release-manifest"
import { rollback } from "../../../publisher/src/releases/rollback"
import { waitFor } from "../../helpers/wait-for"
import { writeSecurityHeaders } from "../../../node-kit/security/header-map"
import { hashSource } from "../../../node-kit/security/inline-code"
import { createStaticHandler, type SiteFiles } from "../../../node-kit/http/static-server"
import { episode, sendHook, startTestPublisher, type TestPublisher } from "../helpers/harness"

describe("the atomic switch, through the publisher", () => {
  let site: TestPublisher
  afterEach(async () => site.dispose())

  it("serves the old release whole while a slow build runs, then the new one; unchanged files are hard links", async () => {
    site = await startTestPublisher({ plan: { version: "v1" } })
    await site.publisher.idle()
    const first = liveReleaseId(site.dataDir)
    expect(first).toBeDefined()
    expect(await (await fetch(`${site.url}/`)).text()).toContain("Home v1")

    site.setPlan({ version: "v2", seriesVersion: "v1", delayMs: 1200 })
    await sendHook(site.url, { event: "publish", refs: [episode(1001)] })
    await waitFor(() => site.publisher.status().building !== null, { timeout: 5000, what: "the build to start" })

    // Poll while the build writes public/ (half a page at createPages): every answer is one whole release.
    const seen: string[] = []
    const problems: string[] = []
    const poll = async () => {
      for (const pathname of ["/", "/series/101/", "/page-data/index/page-data.json", "/app-0123456789abcdef0123.js"]) {
        const response = await fetch(`${site.url}${pathname}`, { headers: { "Accept-Encoding": "br, gzip" } })
        const text = await response.text()
        if (response.status !== 200) problems.push(`${pathname}: ${response.status}`)
        if (pathname === "/") {
          const version = /Home (v\d)/.exec(text)?.[1] ?? "none"
          if (!text.endsWith("</html>")) problems.push(`/ was incomplete (${version})`)
          seen.push(version)
        }
      }
    }
    while (site.publisher.status().building !== null || site.publisher.status().queued.length > 0) await poll()
    await poll()
    expect(problems).toEqual([])
    expect(seen.filter((version) => version === "v1").length).toBeGreaterThan(5)
    expect(seen[0]).toBe("v1")
    expect(seen.at(-1)).toBe("v2")
    // Once the new release answered, never the old one again.
    expect(seen.slice(seen.indexOf("v2"))).not.toContain("v1")

    const second = liveReleaseId(site.dataDir)
    expect(second).not.toBe(first)
    // Its folder held only what changed; once flattened (the background task, or here), the rest are hard links.
    await flattenReleases(site.dataDir, { keep: 10 })
    const { releasesDir } = releasePaths(site.dataDir)
    const inode = (release: string | undefined, file: string) => fs.statSync(path.join(releasesDir, release ?? "", file)).ino
    expect(inode(second, "app-0123456789abcdef0123.js")).toBe(inode(first, "app-0123456789abcdef0123.js"))
    expect(inode(second, "404.html")).toBe(inode(first, "404.html"))
    expect(inode(second, "index.html")).not.toBe(inode(first, "index.html"))
    // The old release is untouched by the new build.
    expect(fs.readFileSync(path.join(releasesDir, first ?? "", "index.html"), "utf8")).toContain("Home v1")

    const job = site.publisher.status().recent[0]
    expect(job).toMatchObject({ status: "live", releaseId: second, changedUrls: ["/"], changedUrlCount: 1 })
    expect(job?.durationMs).toBeGreaterThanOrEqual(1000)
  })

  it("makes no release for a build that changes nothing, so the kept releases stay real changes", async () => {
    site = await startTestPublisher({ plan: { version: "v1" } })
    await site.publisher.idle()
    site.setPlan({ version: "v2" })
    await sendHook(site.url, { event: "publish", refs: [episode(1001)] })
    await site.publisher.idle()
    const [first, second] = listReleases(site.dataDir)
    const since = site.publisher.status().live?.since

    // Eleven builds of the same files: none is a release, none pushes v1 out of the 10 kept.
    for (let i = 0; i < 11; i++) {
      await sendHook(site.url, { event: "publish", refs: [episode(2000 + i)] })
      await site.publisher.idle()
    }
    expect(site.starts()).toHaveLength(13)
    expect(listReleases(site.dataDir)).toEqual([first, second])
    expect(liveReleaseId(site.dataDir)).toBe(second)
    expect(site.publisher.status().live).toMatchObject({ releaseId: second, since, jobId: 2 })
    expect(site.publisher.status().recent[0]).toMatchObject({ status: "live", releaseId: second, changedUrlCount: 0, note: NO_CHANGE_NOTE })
    // A rollback still goes back to the last real change.
    expect(previousRelease(site.dataDir)).toBe(first)

    // One file different, anywhere, is a release again.
    site.setPlan({ version: "v2", files: { "robots.txt": "User-agent: *\nDisallow: /drafts/\n" } })
    await sendHook(site.url, { event: "publish", refs: [episode(3000)] })
    await site.publisher.idle()
    expect(listReleases(site.dataDir)).toHaveLength(3)
    expect(site.publisher.status().recent[0]).toMatchObject({ changedUrls: [], note: null })
    expect(await (await fetch(`${site.url}/robots.txt`)).text()).toContain("/drafts/")
    // Thirteen builds: 4.8 s on a loaded 2-core machine, before and after releases held only what changed.
  }, 20_000)
})

describe("the flatten task, through the publisher", () => {
  let site: TestPublisher
  afterEach(async () => site.dispose())

  it("links each release's unchanged files into its own folder once no build runs, then prunes the releases nothing kept names", async () => {
    site = await startTestPublisher({ plan: { version: "v1" }, keepReleases: 2 })
    await site.publisher.idle()
    for (const version of ["v2", "v3", "v4"]) {
      site.setPlan({ version })
      await sendHook(site.url, { event: "publish", refs: [episode(1001)] })
      await site.publisher.idle()
    }
    const { manifestsDir, releasesDir } = releasePaths(site.dataDir)
    const namesOthers = (id: string) =>
      Object.values((JSON.parse(fs.readFileSync(path.join(manifestsDir, `${id}.json`), "utf8")) as Manifest).files).some((entry) => entry.in !== undefined)
    await waitFor(() => listReleases(site.dataDir).length === 2 && !listReleases(site.dataDir).some(namesOthers), { timeout: 10_000, what: "the flatten and the prune" })
    const [older, live] = listReleases(site.dataDir)
    expect(liveReleaseId(site.dataDir)).toBe(live)
    expect(await (await fetch(`${site.url}/`)).text()).toContain("Home v4")
    // Each kept folder is a whole site again: the same paths as the workspace's public/.
    const built = (await listTree(path.join(site.dataDir, "workspace", "public"))).files
    for (const id of [older, live]) expect((await listTree(path.join(releasesDir, id ?? ""))).files).toEqual(built)
    // Four builds and the flatten's 10 s deadline: Jest's default 5 s was less than the wait inside it.
  }, 30_000)
})

describe("releases on disk", () => {
  let dir: string
  let publicDir: string
  const write = (relative: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(publicDir, relative)), { recursive: true })
    fs.writeFileSync(path.join(publicDir, relative), content)
  }
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "releases-"))
    publicDir = path.join(dir, "public")
    removeLeftovers(path.join(dir, "data"))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))
  const dataDir = () => path.join(dir, "data")

  it("lists the pages whose HTML changed, was added or was removed, and links moved content", async () => {
    write("index.html", "home 1")
    write("series/1/index.html", "series 1")
    write("series/2/index.html", "series 2")
    write("_gatsby/slices/_gatsby-scripts-1.html", "slice")
    write("chunk-a.js", "the same chunk")
    const first = await createRelease({ dataDir: dataDir(), publicDir, releaseId: newReleaseId(1, Date.now()) })
    expect(first.changedUrls).toEqual(["/", "/series/1/", "/series/2/"])
    switchRelease(dataDir(), first.releaseId)

    write("series/1/index.html", "series 1, edited")
    write("series/3/index.html", "series 3")
    fs.rmSync(path.join(publicDir, "series/2"), { recursive: true })
    fs.renameSync(path.join(publicDir, "chunk-a.js"), path.join(publicDir, "chunk-b.js"))
    const second = await createRelease({ dataDir: dataDir(), publicDir, releaseId: newReleaseId(2, Date.now() + 1) })
    expect(second.changedUrls).toEqual(["/series/1/", "/series/3/"])
    expect(second.removedUrls).toEqual(["/series/2/"])
    // index.html and the moved chunk are links; the two series pages are copies.
    expect(second).toMatchObject({ files: 5, linked: 3, copied: 2 })
    const { releasesDir } = releasePaths(dataDir())
    // The new release's folder holds the two pages written; its manifest names the first release's folder for the rest.
    expect((await listTree(path.join(releasesDir, second.releaseId))).files).toEqual(["series/1/index.html", "series/3/index.html"])
    expect(await flattenRelease(dataDir(), second.releaseId)).toBe(3)
    expect(fs.statSync(path.join(releasesDir, second.releaseId, "chunk-b.js")).ino).toBe(fs.statSync(path.join(releasesDir, first.releaseId, "chunk-a.js")).ino)
  })

  it("never links a release file to public/, whose files the next build rewrites in place", async () => {
    write("index.html", "home 1")
    const release = await createRelease({ dataDir: dataDir(), publicDir, releaseId: newReleaseId(1, Date.now()) })
    fs.writeFileSync(path.join(publicDir, "index.html"), "rewritten by the next build")
    expect(fs.readFileSync(path.join(releasePaths(dataDir()).releasesDir, release.releaseId, "index.html"), "utf8")).toBe("home 1")
  })

  it("notices a file rewritten with the same size (its ctime changes) and copies it", async () => {
    write("index.html", "home A")
    const first = await createRelease({ dataDir: dataDir(), publicDir, releaseId: newReleaseId(1, Date.now()) })
    switchRelease(dataDir(), first.releaseId)
    write("index.html", "home B")
    const second = await createRelease({ dataDir: dataDir(), publicDir, releaseId: newReleaseId(2, Date.now() + 1) })
    expect(second.changedUrls).toEqual(["/"])
    expect(fs.readFileSync(path.join(releasePaths(dataDir()).releasesDir, second.releaseId, "index.html"), "utf8")).toBe("home B")
  })

  it("keeps only the newest 10 releases, and never the live one out", async () => {
    const ids: string[] = []
    for (let i = 1; i <= 12; i++) {
      write("index.html", `home ${i}`)
      const release = await createRelease({ dataDir: dataDir(), publicDir, releaseId: newReleaseId(i, Date.parse("2025-01-01T00:00:00Z") + i * 1000) })
      ids.push(release.releaseId)
      switchRelease(dataDir(), release.releaseId)
      pruneReleases(dataDir(), 10)
    }
    expect(listReleases(dataDir())).toEqual(ids.slice(2))
    expect(fs.readdirSync(releasePaths(dataDir()).manifestsDir).sort()).toEqual(ids.slice(2).map((id) => `${id}.json`))

    // Rolled back to the oldest kept, then two more builds: the live one stays, though older than the 10 newest.
    switchRelease(dataDir(), ids[2] ?? "")
    for (let i = 13; i <= 14; i++) {
      write("index.html", `home ${i}`)
      const release = await createRelease({ dataDir: dataDir(), publicDir, releaseId: newReleaseId(i, Date.parse("2025-01-01T00:00:00Z") + i * 1000) })
      ids.push(release.releaseId)
    }
    pruneReleases(dataDir(), 10)
    expect(listReleases(dataDir())).toEqual([ids[2], ...ids.slice(4)])
  })

  it("removes what a crash left: a half-made release, a spare link", () => {
    const { releasesDir } = releasePaths(dataDir())
    fs.mkdirSync(path.join(releasesDir, ".staging-2025-x"), { recursive: true })
    fs.symlinkSync("releases/none", path.join(dataDir(), ".current-1-abcd"))
    removeLeftovers(dataDir())
    expect(fs.readdirSync(releasesDir)).toEqual([])
    expect(fs.readdirSync(dataDir()).filter((name) => name.startsWith("."))).toEqual([])
  })

  it("refuses to switch to a release that is not there, or to a path", () => {
    expect(() => switchRelease(dataDir(), "no-such-release")).toThrow("There is no release no-such-release")
    expect(() => switchRelease(dataDir(), "../../etc")).toThrow()
    expect(liveReleaseId(dataDir())).toBeUndefined()
  })

  /** Release number `n` of public/ as it is now, its id sorting after n - 1's. */
  const releaseNumber = (n: number) => createRelease({ dataDir: dataDir(), publicDir, releaseId: newReleaseId(n, Date.parse("2025-01-01T00:00:00Z") + n * 1000) })

  it("answers `unchanged` and makes nothing when public/ holds the live release's files", async () => {
    write("index.html", "home 1")
    write("series/1/index.html", "series 1")
    const first = await releaseNumber(1)
    expect(first.unchanged).toBe(false)
    switchRelease(dataDir(), first.releaseId)
    // Rewritten with the same bytes (new stats, same content): still the same release.
    write("index.html", "home 1")
    const again = await releaseNumber(2)
    expect(again).toMatchObject({ unchanged: true, releaseId: first.releaseId, changedUrls: [], copied: 0 })
    expect(listReleases(dataDir())).toEqual([first.releaseId])
    expect(fs.readdirSync(releasePaths(dataDir()).releasesDir)).toEqual([first.releaseId])
    // A file removed is a change.
    fs.rmSync(path.join(publicDir, "series"), { recursive: true })
    const third = await releaseNumber(3)
    expect(third).toMatchObject({ unchanged: false, removedUrls: ["/series/1/"] })
  })

  it("calls a release intact only with its manifest and every file at its size", async () => {
    write("index.html", "home 1")
    write("series/1/index.html", "series 1")
    const { releaseId } = await releaseNumber(1)
    const { releasesDir, manifestsDir } = releasePaths(dataDir())
    expect(isIntactRelease(dataDir(), releaseId)).toBe(true)
    // What a power loss can leave of a file written but not yet flushed: its name, no content.
    fs.truncateSync(path.join(releasesDir, releaseId, "series/1/index.html"), 0)
    expect(isIntactRelease(dataDir(), releaseId)).toBe(false)
    fs.writeFileSync(path.join(releasesDir, releaseId, "series/1/index.html"), "series 1")
    fs.rmSync(path.join(manifestsDir, `${releaseId}.json`))
    expect(isIntactRelease(dataDir(), releaseId)).toBe(false)
    expect(isIntactRelease(dataDir(), "no-such-release")).toBe(false)
  })

  it("at start, removes a release whose manifest (written last) is missing, unless it is live", async () => {
    write("index.html", "home 1")
    const live = await releaseNumber(1)
    switchRelease(dataDir(), live.releaseId)
    write("index.html", "home 2")
    const unfinished = await releaseNumber(2)
    fs.rmSync(path.join(releasePaths(dataDir()).manifestsDir, `${unfinished.releaseId}.json`))
    removeLeftovers(dataDir())
    expect(listReleases(dataDir())).toEqual([live.releaseId])
  })

  it("puts the newest intact release live when `current` names a missing or broken one, and says so", async () => {
    const ids: string[] = []
    for (let i = 1; i <= 3; i++) {
      write("index.html", `home ${i}`)
      const release = await releaseNumber(i)
      switchRelease(dataDir(), release.releaseId)
      ids.push(release.releaseId)
    }
    const { releasesDir } = releasePaths(dataDir())
    expect(recoverLiveRelease(dataDir())).toBeUndefined()

    // The live release's folder is gone; the one before it lost a file's content.
    fs.rmSync(path.join(releasesDir, ids[2] ?? ""), { recursive: true })
    fs.truncateSync(path.join(releasesDir, ids[1] ?? "", "index.html"), 0)
    expect(recoverLiveRelease(dataDir())).toEqual({ broken: ids[2], restored: ids[0] })
    expect(liveReleaseId(dataDir())).toBe(ids[0])
    expect(fs.readFileSync(path.join(dataDir(), "current", "index.html"), "utf8")).toBe("home 1")
    expect(listReleases(dataDir())).toEqual([ids[0], ids[1]])

    // Nothing intact left: `current` goes, and the publisher builds as on a first start.
    fs.truncateSync(path.join(releasesDir, ids[0] ?? "", "index.html"), 0)
    expect(recoverLiveRelease(dataDir())).toEqual({ broken: ids[0], restored: undefined })
    expect(liveReleaseId(dataDir())).toBeUndefined()
  })

  it("names pages by their URL, and slices by none", () => {
    expect(pageUrlOf("index.html")).toBe("/")
    expect(pageUrlOf("series/1/index.html")).toBe("/series/1/")
    expect(pageUrlOf("404.html")).toBe("/404.html")
    expect(pageUrlOf("_gatsby/slices/_gatsby-scripts-1.html")).toBeNull()
    expect(pageUrlOf("app.js")).toBeNull()
  })
})

describe("releases that hold only what changed", () => {
  let dir: string
  let publicDir: string
  let server: http.Server | undefined
  const dataDir = () => path.join(dir, "data")
  const write = (relative: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(publicDir, relative)), { recursive: true })
    fs.writeFileSync(path.join(publicDir, relative), content)
  }
  /** Release number `n` of public/ as it is now, made live. */
  const publish = async (n: number) => {
    const release = await createRelease({ dataDir: dataDir(), publicDir, releaseId: newReleaseId(n, Date.parse("2025-01-01T00:00:00Z") + n * 1000) })
    switchRelease(dataDir(), release.releaseId)
    return release
  }
  const folderFiles = async (releaseId: string) => (await listTree(path.join(releasePaths(dataDir()).releasesDir, releaseId))).files
  /** The live release through the publisher's own static handler, as visitors get it; `root` as the live-site route gives it. */
  const serve = async (root: () => SiteFiles | undefined = () => liveSiteFiles(dataDir())) => {
    const handle = createStaticHandler({ root, encodings: ["br", "gzip"] })
    server = http.createServer((request, response) => void handle(request, response))
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve))
    const { port } = server.address() as AddressInfo
    return async (pathname: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${pathname}`)
      // The page as built, less the CSP meta the post-build step puts in its head (node-kit/security/csp-meta.ts).
      const text = (await response.text()).replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*"\/>/, "")
      return { status: response.status, text, csp: response.headers.get("content-security-policy") }
    }
  }
  const PAGE = (text: string) => `<!doctype html><html><body><p>${text}</p><script>window.pagePath=${JSON.stringify(text)};</script></body></html>`
  const writeSite = async (pages: Record<string, string>) => {
    for (const [file, text] of Object.entries(pages)) write(file, PAGE(text))
    await writeSecurityHeaders(publicDir, { api: ["https://api.example.com"], player: [], images: [] })
  }

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "partial-releases-"))
    publicDir = path.join(dir, "public")
    removeLeftovers(dataDir())
    await writeSite({ "index.html": "home 1", "a/index.html": "page a", "404.html": "not here" })
    write("gone.txt", "soon gone")
    write("static/chunk-0123456789abcdef0123.js", "chunk")
  })
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
    server = undefined
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("serves the new files from the new release and the unchanged ones from its parent; a removed file is a 404", async () => {
    const first = await publish(1)
    await writeSite({ "index.html": "home 2" })
    fs.rmSync(path.join(publicDir, "gone.txt"))
    write("new.txt", "new")
    const second = await publish(2)
    expect(second).toMatchObject({ copied: 3, linked: 4, changedUrls: ["/"] })
    // Its folder: the changed page, the new file and the header map the page changed (`_headers` is one rule for every page).
    expect(await folderFiles(second.releaseId)).toEqual(["index.html", "new.txt", "security-headers.json"])

    const get = await serve()
    expect((await get("/")).text).toContain("home 2")
    expect((await get("/new.txt")).text).toBe("new")
    const unchanged = await get("/a/")
    expect(unchanged).toMatchObject({ status: 200, text: PAGE("page a") })
    // The CSP of a page held by the parent comes from the live release's map.
    expect(unchanged.csp).toContain(hashSource('window.pagePath="page a";'))
    expect(unchanged.csp).toContain("connect-src 'self' https://api.example.com")
    expect(await get("/gone.txt")).toMatchObject({ status: 404, text: PAGE("not here") })
    for (const hostFile of ["/security-headers.json", "/_headers"]) expect((await get(hostFile)).status).toBe(404)

    // A release that changes no page names the parent's map too (the folder holding it).
    write("robots.txt", "User-agent: *\n")
    const third = await publish(3)
    expect(await folderFiles(third.releaseId)).toEqual(["robots.txt"])
    expect((await get("/")).csp).toContain(hashSource('window.pagePath="home 2";'))
    expect((await get("/a")).csp).toContain(hashSource('window.pagePath="page a";'))
    expect(isIntactRelease(dataDir(), third.releaseId)).toBe(true)
    expect(first.unchanged).toBe(false)
  })

  it("answers a request from the release live when it started, even when another goes live before its files are read", async () => {
    const first = await publish(1)
    await writeSite({ "index.html": "home 2" })
    fs.rmSync(path.join(publicDir, "gone.txt"))
    const second = await createRelease({ dataDir: dataDir(), publicDir, releaseId: newReleaseId(2, Date.parse("2025-01-01T00:00:02Z")) })
    // The switch lands between the request's resolving the live release and its reading the files.
    const get = await serve(() => {
      const site = liveSiteFiles(dataDir())
      switchRelease(dataDir(), liveReleaseId(dataDir()) === first.releaseId ? second.releaseId : first.releaseId)
      return site
    })
    const home = await get("/")
    expect(home.text).toContain("home 1")
    expect(home.csp).toContain(hashSource('window.pagePath="home 1";'))
    expect(liveReleaseId(dataDir())).toBe(second.releaseId)
    // Started on the second: its answer, though the first went live meanwhile.
    expect(await get("/gone.txt")).toMatchObject({ status: 404, text: PAGE("not here") })
    expect(liveReleaseId(dataDir())).toBe(first.releaseId)
    expect((await get("/gone.txt")).text).toBe("soon gone")
  })

  it("rolls back to a release of what changed and to its parent, one step each", async () => {
    const releases = [await publish(1)]
    for (const n of [2, 3]) {
      await writeSite({ "index.html": `home ${n}` })
      releases.push(await publish(n))
    }
    const get = await serve()
    expect(rollback({ dataDir: dataDir() })).toEqual({ from: releases[2]?.releaseId, to: releases[1]?.releaseId })
    expect((await get("/")).text).toContain("home 2")
    expect((await get("/a/")).text).toBe(PAGE("page a"))
    expect(rollback({ dataDir: dataDir() })).toEqual({ from: releases[1]?.releaseId, to: releases[0]?.releaseId })
    expect((await get("/")).text).toContain("home 1")
    rollback({ dataDir: dataDir(), releaseId: releases[2]?.releaseId })
    expect((await get("/")).text).toContain("home 3")

    // A release is whole only with the files it names in its parent's folder: one cut short there, and neither may go live.
    fs.truncateSync(path.join(releasePaths(dataDir()).releasesDir, releases[0]?.releaseId ?? "", "a/index.html"), 0)
    expect(() => rollback({ dataDir: dataDir(), releaseId: releases[1]?.releaseId })).toThrow("is not whole on disk")
    expect(isIntactRelease(dataDir(), releases[2]?.releaseId ?? "")).toBe(false)
  })

  it("keeps a release past the newest ones while a kept release names its files, and prunes it once those are flattened", async () => {
    const ids = [(await publish(1)).releaseId]
    for (const n of [2, 3, 4]) {
      await writeSite({ "index.html": `home ${n}` })
      ids.push((await publish(n)).releaseId)
    }
    // The newest two name the first release's folder for every page but the home page; the second release's files are all replaced.
    expect(pruneReleases(dataDir(), 2)).toEqual([ids[1]])
    expect(listReleases(dataDir())).toEqual([ids[0], ids[2], ids[3]])
    // Its files go in the background, the server answering meanwhile.
    const { releasesDir } = releasePaths(dataDir())
    await waitFor(() => fs.readdirSync(releasesDir).sort().join() === [ids[0], ids[2], ids[3]].join(), { timeout: 5000, what: "the pruned folder to go" })
    const get = await serve()
    expect((await get("/a/")).text).toBe(PAGE("page a"))

    expect(await flattenReleases(dataDir(), { keep: 2 })).toEqual([ids[3], ids[2]])
    expect(pruneReleases(dataDir(), 2)).toEqual([ids[0]])
    expect((await get("/a/")).text).toBe(PAGE("page a"))
    expect((await get("/")).text).toContain("home 4")
    for (const id of [ids[2], ids[3]]) expect(isIntactRelease(dataDir(), id ?? "")).toBe(true)
  })

  it("flattens a release into the same tree as public/, byte for byte, with a manifest naming its own folder only", async () => {
    await publish(1)
    await writeSite({ "index.html": "home 2", "b/c/index.html": "deeper" })
    fs.rmSync(path.join(publicDir, "gone.txt"))
    const second = await publish(2)
    // Links the four files its parent holds: a/index.html, 404.html, the chunk and `_headers` (one rule for every page, so unchanged).
    expect(await flattenRelease(dataDir(), second.releaseId)).toBe(4)
    const root = path.join(releasePaths(dataDir()).releasesDir, second.releaseId)
    const tree = await listTree(root)
    const built = await listTree(publicDir)
    expect([tree.files, tree.folders]).toEqual([built.files, built.folders])
    for (const file of tree.files) expect(fs.readFileSync(path.join(root, file))).toEqual(fs.readFileSync(path.join(publicDir, file)))
    const manifest = JSON.parse(fs.readFileSync(path.join(releasePaths(dataDir()).manifestsDir, `${second.releaseId}.json`), "utf8")) as Manifest
    expect(Object.values(manifest.files).filter((entry) => entry.in !== undefined || entry.at !== undefined)).toEqual([])
    // Nothing left to do a second time.
    expect(await flattenRelease(dataDir(), second.releaseId)).toBeUndefined()
  })

  it("leaves the old release live when making a release fails half way, and a flatten cut short leaves the release as it was", async () => {
    const first = await publish(1)
    await writeSite({ "index.html": "home 2", "b/index.html": "page b" })
    const realCopy = fs.copyFileSync
    let copies = 0
    const copy = jest.spyOn(fs, "copyFileSync").mockImplementation((from, to, mode) => {
      if (++copies === 2) throw Object.assign(new Error("EIO: i/o error, copyfile"), { code: "EIO" })
      realCopy(from, to, mode)
    })
    await expect(createRelease({ dataDir: dataDir(), publicDir, releaseId: newReleaseId(2, Date.now()) })).rejects.toThrow("EIO")
    copy.mockRestore()
    expect(liveReleaseId(dataDir())).toBe(first.releaseId)
    expect(fs.readdirSync(releasePaths(dataDir()).releasesDir)).toEqual([first.releaseId])

    const second = await publish(3)
    const manifestPath = path.join(releasePaths(dataDir()).manifestsDir, `${second.releaseId}.json`)
    const before = fs.readFileSync(manifestPath, "utf8")
    // The disk fills after two links (a copy, the fallback, fails too).
    const realLink = fs.linkSync
    const full = () => Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" })
    let links = 0
    const link = jest.spyOn(fs, "linkSync").mockImplementation((from, to) => {
      if (++links > 2) throw full()
      realLink(from, to)
    })
    const noCopy = jest.spyOn(fs, "copyFileSync").mockImplementation(() => {
      throw full()
    })
    await expect(flattenRelease(dataDir(), second.releaseId)).rejects.toThrow("ENOSPC")
    link.mockRestore()
    noCopy.mockRestore()
    // The manifest (renamed into place last) still names the parent: the release serves what it served.
    expect(fs.readFileSync(manifestPath, "utf8")).toBe(before)
    expect(isIntactRelease(dataDir(), second.releaseId)).toBe(true)
    const get = await serve()
    expect((await get("/a/")).text).toBe(PAGE("page a"))
    // The next flatten replaces the links the cut one left.
    expect(await flattenRelease(dataDir(), second.releaseId)).toBe(5)
    expect((await get("/b/")).text).toBe(PAGE("page b"))
    expect((await get("/gone.txt")).text).toBe("soon gone")
    expect(isIntactRelease(dataDir(), second.releaseId)).toBe(true)
  })

  it("flattens in the background only while no build runs or waits, then prunes what nothing kept names", async () => {
    const first = await publish(1)
    await writeSite({ "index.html": "home 2" })
    const second = await publish(2)
    const written = await folderFiles(second.releaseId)
    let building = true
    let declined = 0
    const pruned: string[] = []
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined }
    const prune = () => {
      pruned.push(...pruneReleases(dataDir(), 1))
      return pruned
    }
    const canRun = () => {
      if (building) declined++
      return !building
    }
    const task = startFlattening({ dataDir: dataDir(), keep: 1, canRun, prune, log })
    try {
      // Asked while the build runs, the task puts its run off at once, so once it has asked the files are as they stay.
      await waitFor(() => declined > 0, { timeout: 5000, what: "the flatten task to ask whether it may run" })
      expect(await folderFiles(second.releaseId)).toEqual(written)
      building = false
      await waitFor(() => pruned.length > 0, { timeout: 5000, what: "the flatten task" })
      expect(pruned).toEqual([first.releaseId])
      expect(await folderFiles(second.releaseId)).toEqual((await listTree(publicDir)).files)
    } finally {
      task.stop()
    }
  })

  it("reads only the files of public/ whose stats changed since the live release", async () => {
    await publish(1)
    await writeSite({ "index.html": "home 2" })
    const read = jest.spyOn(fs, "readFileSync")
    try {
      await publish(2)
      const publicReads = read.mock.calls.map(([file]) => String(file)).filter((file) => file.startsWith(publicDir))
      expect(publicReads.map((file) => path.relative(publicDir, file)).sort()).toEqual(["_headers", "index.html", "security-headers.json"])
    } finally {
      read.mockRestore()
    }
  })
})
