import fs from "node:fs"
import http from "node:http"
import os from "node:os"
import path from "node:path"
import type { AddressInfo } from "node:net"
import { downloadImage } from "../../../../plugins/gatsby-source-catalogue/src/images/download"
import { requestLimits } from "../helpers/request-limits"

let server: http.Server
let origin: string
let elsewhere: http.Server
let elsewhereOrigin: string
let cacheDir: string
const asked: { url: string; ifNoneMatch?: string }[] = []
let elsewhereHits = 0

const listen = async (handler: http.RequestListener) => {
  const created = http.createServer(handler)
  await new Promise<void>((resolve) => created.listen(0, "127.0.0.1", resolve))
  return { created, origin: `http://127.0.0.1:${(created.address() as AddressInfo).port}` }
}

beforeAll(async () => {
  ;({ created: elsewhere, origin: elsewhereOrigin } = await listen((_, res) => {
    elsewhereHits += 1
    res.end("secret")
  }))
  ;({ created: server, origin } = await listen((req, res) => {
    asked.push({ url: req.url!, ifNoneMatch: req.headers["if-none-match"] })
    if (req.url === "/media/moved.jpg") res.writeHead(301, { Location: "/media/a.jpg" }).end()
    else if (req.url === "/media/away.jpg") res.writeHead(302, { Location: `${elsewhereOrigin}/a.jpg` }).end()
    else if (req.headers["if-none-match"] === '"v1"') res.writeHead(304).end()
    else res.writeHead(200, { ETag: '"v1"' }).end("picture bytes")
  }))
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "image-download-"))
})

afterAll(async () => {
  await Promise.all([server, elsewhere].map((s) => new Promise((resolve) => s.close(resolve))))
  fs.rmSync(cacheDir, { recursive: true, force: true })
})

const store = new Map<string, unknown>()
const cache = () => ({ directory: cacheDir, get: async (key: string) => store.get(key), set: async (key: string, value: unknown) => store.set(key, value) })

describe("downloadImage", () => {
  it("keeps the file across builds and asks again with its ETag, reading nothing new on a 304", async () => {
    const limits = requestLimits(origin)
    const file = await downloadImage(`${origin}/media/a.jpg`, cache(), limits)
    expect(fs.readFileSync(file, "utf8")).toBe("picture bytes")
    await expect(downloadImage(`${origin}/media/a.jpg`, cache(), limits)).resolves.toBe(file)
    expect(asked.slice(-2)).toEqual([{ url: "/media/a.jpg" }, { url: "/media/a.jpg", ifNoneMatch: '"v1"' }])
  })

  it("follows a redirect on an allowed origin and refuses one elsewhere, never asking there", async () => {
    const limits = requestLimits(origin)
    await expect(downloadImage(`${origin}/media/moved.jpg`, cache(), limits).then((file) => fs.readFileSync(file, "utf8"))).resolves.toBe("picture bytes")
    await expect(downloadImage(`${origin}/media/away.jpg`, cache(), limits)).rejects.toThrow("redirected to a host the build does not fetch from")
    expect(elsewhereHits).toBe(0)
    expect(limits.warnings).toEqual([expect.stringMatching(/^Not fetching from 127\.0\.0\.1:\d+: /)])
  })

  it("stops at maxBytes and keeps no file", async () => {
    // The folder is made by the first download kept, which another test may or may not have done yet.
    const downloads = path.join(cacheDir, "downloads")
    fs.mkdirSync(downloads, { recursive: true })
    const before = fs.readdirSync(downloads).length
    await expect(downloadImage(`${origin}/media/b.jpg`, cache(), { ...requestLimits(origin), maxBytes: 5 })).rejects.toThrow(
      "answered more than 5 bytes (the maxImageBytes option)",
    )
    expect(fs.readdirSync(downloads)).toHaveLength(before)
  })
})

describe("downloadImage with credentials (a preview build's draft-view token)", () => {
  it("sends them to their own origin only: not to another allowed origin, nor past a redirect to one", async () => {
    const TOKEN = "Bearer draft-view-token-for-the-catalogue"
    const seen: { at: string; authorization: string | undefined }[] = []
    const cdn = await listen((req, res) => {
      seen.push({ at: `cdn ${req.url}`, authorization: req.headers.authorization })
      res.end("cdn bytes")
    })
    const catalogue = await listen((req, res) => {
      seen.push({ at: `catalogue ${req.url}`, authorization: req.headers.authorization })
      if (req.url === "/media/away.jpg") res.writeHead(302, { Location: `${cdn.origin}/a.jpg` }).end()
      else res.end("catalogue bytes")
    })
    try {
      const limits = { ...requestLimits(catalogue.origin, cdn.origin), credentials: { origin: catalogue.origin, headers: { Authorization: TOKEN } } }
      const read = (url: string) => downloadImage(url, cache(), limits).then((file) => fs.readFileSync(file, "utf8"))
      await expect(read(`${catalogue.origin}/media/draft.jpg`)).resolves.toBe("catalogue bytes")
      await expect(read(`${cdn.origin}/b.jpg`)).resolves.toBe("cdn bytes")
      await expect(read(`${catalogue.origin}/media/away.jpg`)).resolves.toBe("cdn bytes")
      expect(seen).toEqual([
        { at: "catalogue /media/draft.jpg", authorization: TOKEN },
        { at: "cdn /b.jpg", authorization: undefined },
        { at: "catalogue /media/away.jpg", authorization: TOKEN },
        { at: "cdn /a.jpg", authorization: undefined },
      ])
    } finally {
      await Promise.all([cdn.created, catalogue.created].map((s) => new Promise((resolve) => s.close(resolve))))
    }
  })
})
