import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import {
  createRelease,
  isIntactRelease,
  listReleases,
  liveReleaseId,
  newReleaseId,
  pageUrlOf,
  previousRelease,
  pruneReleases,
  recoverLiveRelease,
  releasePaths,
  removeLeftovers,
  switchRelease,
} from "../../publisher/src/releases"
import { listTree } from "../../publisher/src/file-batches"
import { flattenRelease, flattenReleases } from "../../publisher/src/flatten-release"
import { NO_CHANGE_NOTE } from "../../publisher/src/publish-job"
import { episode, sendHook, startTestPublisher, waitFor, type TestPublisher } from "./helpers/harness"

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
    await waitFor(() => site.publisher.status().building !== null, 5000, "the build to start")

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
  })
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
    expect(fs.statSync(path.join(releasesDir, second.releaseId, "chunk-b.js")).ino).toBe(
      fs.statSync(path.join(releasesDir, first.releaseId, "chunk-a.js")).ino,
    )
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
  const releaseNumber = (n: number) =>
    createRelease({ dataDir: dataDir(), publicDir, releaseId: newReleaseId(n, Date.parse("2025-01-01T00:00:00Z") + n * 1000) })

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
