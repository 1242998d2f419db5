import fs from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { createRelease, liveSiteFiles, newReleaseId, pruneReleases, releasePaths, removeLeftovers, switchRelease } from "../../../publisher/src/releases/releases"
import { flattenReleases } from "../../../publisher/src/releases/flatten-release"
import { rollback } from "../../../publisher/src/releases/rollback"
import { writeSecurityHeaders } from "../../../node-kit/security/header-map"
import { createStaticHandler, IMMUTABLE, REVALIDATE } from "../../../node-kit/http/static-server"

/** What a code deploy does to a Gatsby build: every content-hashed name of the code changes, pages and page-data stay where they are. */
describe("a code deploy: the files a page of the release before asks for", () => {
  let dir: string
  let publicDir: string
  let server: http.Server
  let origin: string
  const dataDir = () => path.join(dir, "data")
  const write = (relative: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(publicDir, relative)), { recursive: true })
    fs.writeFileSync(path.join(publicDir, relative), content)
  }
  const remove = (relative: string) => fs.rmSync(path.join(publicDir, relative))
  const publish = async (n: number) => {
    const release = await createRelease({ dataDir: dataDir(), publicDir, releaseId: newReleaseId(n, Date.parse("2025-01-01T00:00:00Z") + n * 1000) })
    switchRelease(dataDir(), release.releaseId)
    return release.releaseId
  }
  const get = async (pathname: string) => {
    const response = await fetch(`${origin}${pathname}`)
    return {
      status: response.status,
      text: await response.text(),
      cacheControl: response.headers.get("cache-control"),
      csp: response.headers.get("content-security-policy"),
    }
  }
  const OLD_APP = "app-0bb3685b9defefb05696.js"
  const NEW_APP = "app-1cc4796c0e0f0c16a7a7.js"
  const OLD_IMAGE = "static/0123456789abcdef0123456789abcdef/poster.webp"

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kept-assets-"))
    publicDir = path.join(dir, "public")
    removeLeftovers(dataDir())
    write("index.html", `<!doctype html><html><body>home 1<script src="/${OLD_APP}"></script></body></html>`)
    write("detail/1002/index.html", "<!doctype html><html><body>detail 1002</body></html>")
    write("page-data/detail/1002/page-data.json", '{"v":1}')
    write("404.html", "<!doctype html><html><body>not here</body></html>")
    write(OLD_APP, "old app bytes")
    write(OLD_IMAGE, "old poster")
    await writeSecurityHeaders(publicDir, { api: [], player: [], images: [] })
    const handle = createStaticHandler({ root: () => liveSiteFiles(dataDir()), encodings: ["br", "gzip"] })
    server = http.createServer((request, response) => void handle(request, response))
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    fs.rmSync(dir, { recursive: true, force: true })
  })

  /** The second release: the code renamed, the poster gone, the detail page and its page-data removed. */
  const deployCode = async (n = 2) => {
    remove(OLD_APP)
    remove(OLD_IMAGE)
    write(NEW_APP, "new app bytes")
    write("index.html", `<!doctype html><html><body>home 2<script src="/${NEW_APP}"></script></body></html>`)
    remove("detail/1002/index.html")
    remove("page-data/detail/1002/page-data.json")
    await writeSecurityHeaders(publicDir, { api: [], player: [], images: [] })
    return publish(n)
  }

  it("answers a content-hashed file the new release renamed from the release before, immutable, with its old bytes", async () => {
    await publish(1)
    await deployCode()
    expect((await get("/")).text).toContain("home 2")
    expect(await get(`/${NEW_APP}`)).toMatchObject({ status: 200, text: "new app bytes", cacheControl: IMMUTABLE })
    const old = await get(`/${OLD_APP}`)
    expect(old).toMatchObject({ status: 200, text: "old app bytes", cacheControl: IMMUTABLE })
    // Not HTML: no page's CSP on it, as for the live release's own scripts.
    expect(old.csp).toBeNull()
    expect(await get(`/${OLD_IMAGE}`)).toMatchObject({ status: 200, text: "old poster", cacheControl: IMMUTABLE })
  })

  it("never answers a page, page-data or any revalidated file from an earlier release: the live 404 page", async () => {
    await publish(1)
    write("robots.txt", "old robots")
    await publish(2)
    remove("robots.txt")
    await deployCode(3)
    for (const pathname of ["/detail/1002/", "/detail/1002/index.html", "/page-data/detail/1002/page-data.json", "/robots.txt"]) {
      const answer = await get(pathname)
      expect({ pathname, ...answer }).toMatchObject({ pathname, status: 404, cacheControl: REVALIDATE })
      expect(answer.text).toContain("not here")
    }
  })

  it("reads an earlier release's manifest once, not at every request for its files", async () => {
    const first = await publish(1)
    await deployCode()
    // The same manifest as a new file (as after a restart, nothing of it in memory).
    const manifest = path.join(releasePaths(dataDir()).manifestsDir, `${first}.json`)
    fs.copyFileSync(manifest, `${manifest}.copy`)
    fs.renameSync(`${manifest}.copy`, manifest)
    const reads = jest.spyOn(fs, "readFileSync")
    try {
      for (let n = 0; n < 5; n++) expect((await get(`/${OLD_APP}`)).status).toBe(200)
      for (let n = 0; n < 5; n++) expect((await get("/app-ffffffffffffffffffff.js")).status).toBe(404)
      const manifestReads = reads.mock.calls.map(([file]) => String(file)).filter((file) => file.startsWith(releasePaths(dataDir()).manifestsDir))
      // The first release's, once; the live one's stays parsed.
      expect(manifestReads).toEqual([manifest])
    } finally {
      reads.mockRestore()
    }
  })

  it("answers a content-hashed path that no kept release has with the 404 page", async () => {
    await publish(1)
    await deployCode()
    expect(await get("/app-ffffffffffffffffffff.js")).toMatchObject({ status: 404, text: expect.stringContaining("not here") })
    expect(await get("/static/ffffffffffffffffffffffffffffffff/none.webp")).toMatchObject({ status: 404, text: expect.stringContaining("not here") })
  })

  it("keeps an old file reachable as long as its release is kept: pruned, it is a 404", async () => {
    const first = await publish(1)
    await deployCode()
    write("robots.txt", "a third release")
    await publish(3)
    // Two releases on, and the kept ones flattened (their manifests rewritten): still there.
    await flattenReleases(dataDir(), { keep: 2 })
    expect(await get(`/${OLD_APP}`)).toMatchObject({ status: 200, text: "old app bytes" })
    expect(pruneReleases(dataDir(), 2)).toEqual([first])
    expect(fs.existsSync(path.join(releasePaths(dataDir()).manifestsDir, `${first}.json`))).toBe(false)
    expect(await get(`/${OLD_APP}`)).toMatchObject({ status: 404, text: expect.stringContaining("not here") })
    expect((await get(`/${NEW_APP}`)).text).toBe("new app bytes")
  })

  it("after a rollback, answers the rolled-back release's renamed files too, and the live one's own first", async () => {
    const first = await publish(1)
    await deployCode()
    expect(rollback({ dataDir: dataDir() }).to).toBe(first)
    expect((await get("/")).text).toContain("home 1")
    expect(await get(`/${NEW_APP}`)).toMatchObject({ status: 200, text: "new app bytes", cacheControl: IMMUTABLE })
    expect((await get("/detail/1002/")).text).toContain("detail 1002")
  })
})
