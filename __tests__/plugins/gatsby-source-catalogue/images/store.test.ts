import crypto from "node:crypto"
import fs from "node:fs"
import http from "node:http"
import os from "node:os"
import path from "node:path"
import type { AddressInfo } from "node:net"
import type { GatsbyCache, Reporter } from "gatsby"
import sharp from "sharp"
import { fetchImages } from "../../../../plugins/gatsby-source-catalogue/src/images/probe"
import { writeAtomically } from "../../../../plugins/gatsby-source-catalogue/src/images/process"
import { imageStoreDirectory, openImageStore, sweepImageStore, type StoredFacts } from "../../../../plugins/gatsby-source-catalogue/src/images/store"
import { finishImageWork, startImageWork } from "../../../../plugins/gatsby-source-catalogue/src/images/work"
import { createLimiter } from "../../../../plugins/gatsby-source-catalogue/src/http/limiter"
import type { CataloguePluginOptions } from "../../../../plugins/gatsby-source-catalogue/src/types"
import { IMAGE_SLOTS, IMAGE_SLOT_OWNERS } from "../../../../src/styles/image-slots"
import { requestLimits } from "../helpers/request-limits"

/**
 * A picture host as the tests need it: each path's bytes, and the headers
 * it sends (ETag, Cache-Control); a conditional request with the current
 * ETag is answered 304. Counts the bodies it sent.
 */
let server: http.Server
let origin: string
const pictures = new Map<string, { bytes: Buffer; headers: Record<string, string> }>()
const sent = new Map<string, number>()
/** Every request, a 304 included. */
const asked = new Map<string, number>()
let dir: string

const picture = (colour: string) =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()

beforeAll(async () => {
  server = http.createServer((req, res) => {
    asked.set(req.url!, (asked.get(req.url!) ?? 0) + 1)
    const found = pictures.get(req.url!)
    if (!found) return void res.writeHead(404).end()
    if (found.headers.ETag && req.headers["if-none-match"] === found.headers.ETag) return void res.writeHead(304).end()
    sent.set(req.url!, (sent.get(req.url!) ?? 0) + 1)
    res.writeHead(200, { "Content-Type": "image/jpeg", ...found.headers }).end(found.bytes)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "image-store-"))
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Gatsby's per-plugin cache: a folder and keys kept in memory, both lost when Gatsby clears `.cache`. */
function gatsbyCache(directory: string): GatsbyCache {
  const entries = new Map<string, unknown>()
  return {
    name: "test",
    directory,
    get: async (key: string) => entries.get(key),
    set: async (key: string, value: unknown) => entries.set(key, value).get(key),
  } as unknown as GatsbyCache
}

const reporter = () => {
  const lines: string[] = []
  const fake = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(`warn: ${line}`), activityTimer: () => ({ start() {}, end() {} }) }
  return { lines, reporter: fake as unknown as Reporter }
}

/** One build's image work as sourceNodes and onPostBuild run it, on `site` with a fresh Gatsby cache, or with `kept`, an earlier build's. */
async function build(site: string, urls: string[], store: string, kept?: GatsbyCache) {
  if (!kept) fs.rmSync(path.join(site, ".cache"), { recursive: true, force: true })
  const cache = kept ?? gatsbyCache(path.join(site, ".cache", "caches", "gatsby-source-catalogue"))
  const options = { imageService: null, imageConcurrency: 2, imageSlots: IMAGE_SLOTS, imageSlotOwners: IMAGE_SLOT_OWNERS, imageStore: store } as unknown as CataloguePluginOptions
  const limits = requestLimits(origin)
  const { lines, reporter: fake } = reporter()
  const work = startImageWork({ owners: new Map(urls.map((url) => [url, ["episode 1"]])), options, cache, limits, siteDirectory: site, reporter: fake })
  const files = await fetchImages(urls, { cache, limiter: createLimiter(2), limits, usedBy: new Map(), warn: jest.fn(), ...work.fetchContext })
  work.sealed()
  const summary = await finishImageWork(fake)
  return { summary, files, lines }
}

const publishedFiles = (site: string) => fs.readdirSync(path.join(site, "public", "_gatsby", "image"), { recursive: true }).filter((name) => /\.(webp|jpg)$/.test(String(name)))

describe("the image store", () => {
  it("is kept in the site's node_modules/.cache, which a cleared Gatsby cache leaves, unless a folder is given (relative to the site)", () => {
    expect(imageStoreDirectory(null, "/srv/site")).toBe("/srv/site/node_modules/.cache/catalogue-image-store")
    expect(imageStoreDirectory("", "/srv/site")).toBe("/srv/site/node_modules/.cache/catalogue-image-store")
    expect(imageStoreDirectory("../data/image-store", "/srv/site")).toBe("/srv/data/image-store")
    expect(imageStoreDirectory("/var/lib/publisher/image-store", "/srv/site")).toBe("/var/lib/publisher/image-store")
  })

  it("outlives a cleared Gatsby cache: a code deploy processes 0 pictures and downloads 0 originals while the host's answer is fresh", async () => {
    pictures.set("/media/fresh.jpg", { bytes: await picture("#d02020"), headers: { "Cache-Control": "public, max-age=31536000, immutable" } })
    const site = path.join(dir, "fresh-site")
    const url = `${origin}/media/fresh.jpg`
    const first = await build(site, [url], "image-store")
    expect(first.summary).toMatchObject({ processed: 1, reused: 0 })
    expect(sent.get("/media/fresh.jpg")).toBe(1)
    fs.rmSync(path.join(site, "public"), { recursive: true })

    const deploy = await build(site, [url], "image-store")
    expect(deploy.summary).toMatchObject({ processed: 0, reused: 1 })
    expect(sent.get("/media/fresh.jpg")).toBe(1)
    expect(deploy.lines[0]).toMatch(/0 processed .*; 0 originals downloaded$/)
    // The same facts as the download found, and every file back in public/.
    expect(deploy.files.get(url)).toEqual(first.files.get(url))
    expect(publishedFiles(site)).toHaveLength(first.summary!.variants)
    expect(deploy.lines[1]).toMatch(new RegExp(`^Catalogue image store: \\d+ files, [0-9.]+ MB at ${path.join(site, "image-store")}`))
  })

  it("asks the host nothing on a full read while the answer is fresh, with the original still in Gatsby's cache", async () => {
    pictures.set("/media/warm.jpg", { bytes: await picture("#d08020"), headers: { "Cache-Control": "public, max-age=31536000, immutable" } })
    const site = path.join(dir, "warm-site")
    const url = `${origin}/media/warm.jpg`
    const cache = gatsbyCache(path.join(site, ".cache", "caches", "gatsby-source-catalogue"))
    const first = await build(site, [url], "image-store", cache)
    expect(asked.get("/media/warm.jpg")).toBe(1)

    const fullRead = await build(site, [url], "image-store", cache)
    expect(asked.get("/media/warm.jpg")).toBe(1)
    expect(fullRead.summary).toMatchObject({ processed: 0, reused: 1 })
    expect(fullRead.lines[0]).toMatch(/; 0 originals downloaded$/)
    expect(fullRead.files.get(url)).toEqual(first.files.get(url))
  })

  it("reads its own original again when the store's facts describe another version (the other lane's build), and processes what it reads", async () => {
    pictures.set("/media/lanes.jpg", { bytes: await picture("#208080"), headers: { ETag: '"v1"', "Cache-Control": "no-cache" } })
    const url = `${origin}/media/lanes.jpg`
    const live = path.join(dir, "lanes-live")
    const liveCache = gatsbyCache(path.join(live, ".cache", "caches", "gatsby-source-catalogue"))
    await build(live, [url], "../image-store-lanes", liveCache)
    pictures.set("/media/lanes.jpg", { bytes: await picture("#f08080"), headers: { ETag: '"v2"', "Cache-Control": "no-cache" } })
    const preview = await build(path.join(dir, "lanes-preview"), [url], "../image-store-lanes")

    const liveAgain = await build(live, [url], "../image-store-lanes", liveCache)
    expect(liveAgain.files.get(url)!.contentDigest).toBe(preview.files.get(url)!.contentDigest)
    expect(fs.readFileSync(liveAgain.files.get(url)!.sourceFile!)).toEqual(pictures.get("/media/lanes.jpg")!.bytes)
  })

  it("asks the host with the ETag it kept when the answer may not be kept: a 304 is no download", async () => {
    pictures.set("/media/etag.jpg", { bytes: await picture("#2020d0"), headers: { ETag: '"v1"', "Cache-Control": "no-cache" } })
    const site = path.join(dir, "etag-site")
    const url = `${origin}/media/etag.jpg`
    await build(site, [url], "image-store")
    const deploy = await build(site, [url], "image-store")
    expect(deploy.summary).toMatchObject({ processed: 0, reused: 1 })
    expect(sent.get("/media/etag.jpg")).toBe(1)
  })

  it("processes a picture again whose bytes changed at the same URL", async () => {
    pictures.set("/media/changed.jpg", { bytes: await picture("#20d020"), headers: { ETag: '"v1"' } })
    const site = path.join(dir, "changed-site")
    const url = `${origin}/media/changed.jpg`
    const first = await build(site, [url], "image-store")
    pictures.set("/media/changed.jpg", { bytes: await picture("#f0f020"), headers: { ETag: '"v2"' } })
    const deploy = await build(site, [url], "image-store")
    expect(deploy.summary).toMatchObject({ processed: 1, reused: 0 })
    expect(deploy.files.get(url)!.contentDigest).not.toBe(first.files.get(url)!.contentDigest)
    expect(deploy.files.get(url)!.placeholderColor).not.toBe(first.files.get(url)!.placeholderColor)
  })

  it("sweeps the pictures and facts this site's build no longer shows, and keeps another site's", async () => {
    pictures.set("/media/kept.jpg", { bytes: await picture("#800080"), headers: { ETag: '"k"' } })
    pictures.set("/media/dropped.jpg", { bytes: await picture("#008080"), headers: { ETag: '"d"' } })
    pictures.set("/media/other.jpg", { bytes: await picture("#808000"), headers: { ETag: '"o"' } })
    const store = path.join(dir, "shared-store")
    const [kept, dropped, other] = ["kept", "dropped", "other"].map((name) => `${origin}/media/${name}.jpg`) as [string, string, string]
    await build(path.join(dir, "other-site"), [other], store)
    const site = path.join(dir, "sweeping-site")
    await build(site, [kept, dropped], store)
    const folders = () => fs.readdirSync(path.join(store, "variants", "_gatsby", "image")).sort()
    expect(folders()).toHaveLength(3)
    // The sweep leaves what changed during the build itself: a build beside it may have just made it.
    const past = new Date(Date.now() - 60_000)
    for (const name of folders()) fs.utimesSync(path.join(store, "variants", "_gatsby", "image", name), past, past)
    for (const name of fs.readdirSync(path.join(store, "facts"))) fs.utimesSync(path.join(store, "facts", name), past, past)

    const next = await build(site, [kept], store)
    expect(next.lines[1]).toMatch(/1 unused pictures and 1 facts swept$/)
    expect(folders()).toHaveLength(2)
    expect(fs.readdirSync(path.join(store, "facts"))).toHaveLength(2)
    // What it kept is what the two sites show: a third build of each processes nothing.
    await expect(build(site, [kept], store).then((again) => again.summary)).resolves.toMatchObject({ processed: 0 })
    await expect(build(path.join(dir, "other-site"), [other], store).then((again) => again.summary)).resolves.toMatchObject({ processed: 0 })
    // A swept picture shown again is made again (public/ emptied, as a workspace's next clean build has it).
    fs.rmSync(path.join(site, "public"), { recursive: true })
    await expect(build(site, [dropped], store).then((again) => again.summary)).resolves.toMatchObject({ processed: 1 })
  })
})

describe("the store's sweep", () => {
  /** A store holding picture folders `names`, all last changed an hour ago. */
  function storeWith(name: string, names: string[]) {
    const store = openImageStore(path.join(dir, name))
    const past = new Date(Date.now() - 3600_000)
    for (const folder of names) {
      const file = path.join(store.variantsDir, "_gatsby", "image", folder, "p-400w.webp")
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(file, "webp")
      fs.utimesSync(path.dirname(file), past, past)
    }
    return store
  }
  const folders = (store: ReturnType<typeof openImageStore>) => fs.readdirSync(path.join(store.variantsDir, "_gatsby", "image")).sort()
  const use = (...names: string[]) => ({ folders: new Set(names), urls: new Set<string>() })

  it("lets another site's pictures go once its last build is older than the time they are kept, and keeps a build's own alive while it builds", async () => {
    const store = storeWith("expiring-store", ["a", "b"])
    const sweep = (site: string, used: ReturnType<typeof use>, otherSitesKeptMs: number, startedAt = Date.now()) =>
      sweepImageStore(store, { siteDirectory: path.join(dir, site), used, startedAt, madeAny: false, otherSitesKeptMs })
    // Each site's first build (started before the folders were made, so neither sweeps the other's).
    await sweep("site-b", use("b"), 60_000, 0)
    await sweep("site-a", use("a"), 60_000, 0)
    expect(folders(store)).toEqual(["a", "b"])
    // site-b's last build was two minutes ago; it builds again with nothing changed: no sweep, but its use is recorded as recent.
    const siteB = path.join(store.directory, "uses", `${crypto.createHash("sha1").update(path.join(dir, "site-b")).digest("hex")}.json`)
    fs.writeFileSync(siteB, JSON.stringify({ ...JSON.parse(fs.readFileSync(siteB, "utf8")), builtAt: Date.now() - 120_000 }))
    await expect(sweep("site-b", use("b"), 60_000)).resolves.toMatchObject({ swept: false })
    await sweep("site-a", use("a", "new"), 60_000)
    expect(folders(store)).toEqual(["a", "b"])
    await new Promise((resolve) => setTimeout(resolve, 20))
    await sweep("site-a", use("a"), 10)
    expect(folders(store)).toEqual(["a"])
  })

  it("keeps a folder changed after the sweeping build started, which a build beside it may have just made", async () => {
    const store = storeWith("busy-store", ["old", "fresh"])
    const startedAt = Date.now() - 60_000
    const now = new Date()
    fs.utimesSync(path.join(store.variantsDir, "_gatsby", "image", "fresh"), now, now)
    await sweepImageStore(store, { siteDirectory: path.join(dir, "busy-site"), used: use(), startedAt, madeAny: true })
    expect(folders(store)).toEqual(["fresh"])
  })
})

describe("writes to a shared store", () => {
  it("leave one whole file when many writers write the same file at once, and no temporary file", async () => {
    const file = path.join(dir, "concurrent", "variants", "a.webp")
    const contents = Array.from({ length: 40 }, (_, index) => Buffer.alloc(64 * 1024 + index, index))
    await Promise.all(contents.map((bytes) => writeAtomically(file, bytes)))
    const written = fs.readFileSync(file)
    expect(contents.some((bytes) => bytes.equals(written))).toBe(true)
    expect(fs.readdirSync(path.dirname(file))).toEqual(["a.webp"])
  })

  it("give each reader of a picture's facts one writer's facts whole", async () => {
    const store = openImageStore(path.join(dir, "concurrent-store"))
    const url = `${origin}/media/racing.jpg`
    const facts = (digest: string): StoredFacts => ({
      facts: { url, filename: "racing.jpg", mimeType: "image/jpeg", width: 10, height: 10, filesize: 1, placeholderColor: null, contentDigest: digest.repeat(2000) },
      validators: { etag: null, lastModified: null, freshUntil: null },
    })
    const reads: (StoredFacts | undefined)[] = []
    await Promise.all([
      ...["a", "b", "c", "d", "e", "f"].map((digest) => store.writeFacts(url, facts(digest))),
      ...Array.from({ length: 20 }, async () => reads.push(await store.readFacts(url))),
    ])
    const digests = ["a", "b", "c", "d", "e", "f"].map((digest) => digest.repeat(2000))
    expect(digests).toContain((await store.readFacts(url))!.facts.contentDigest)
    // A reader sees no file yet, or a whole one: never half of one.
    for (const read of reads) if (read) expect(digests).toContain(read.facts.contentDigest)
  })
})
