import fs from "node:fs"
import http from "node:http"
import os from "node:os"
import path from "node:path"
import type { AddressInfo } from "node:net"
import type { GatsbyCache } from "gatsby"
import sharp from "sharp"
import { fetchImages } from "../../../../plugins/gatsby-source-catalogue/src/images/probe"
import { createLimiter } from "../../../../plugins/gatsby-source-catalogue/src/http/limiter"
import { requestLimits } from "../helpers/request-limits"

let server: http.Server
let origin: string
let cacheDir: string
let jpeg: Buffer
const hits = new Map<string, number>()

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#e63946" } })
    .jpeg()
    .toBuffer()
  server = http.createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1)
    if (req.url === "/media/ok.jpg") {
      res.writeHead(200, { "Content-Type": "image/jpeg" })
      res.end(jpeg)
    } else if (req.url === "/media/not-an-image.jpg") {
      res.writeHead(200, { "Content-Type": "image/jpeg" })
      res.end("<html>")
    } else {
      res.writeHead(404)
      res.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-image-cache-"))
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  fs.rmSync(cacheDir, { recursive: true, force: true })
})

function fakeCache(): GatsbyCache {
  const store = new Map<string, unknown>()
  return {
    name: "test",
    directory: cacheDir,
    get: async (key: string) => store.get(key),
    set: async (key: string, value: unknown) => {
      store.set(key, value)
      return value
    },
    del: async (key: string) => {
      store.delete(key)
    },
  } as unknown as GatsbyCache
}

describe("fetchImages", () => {
  it("reads each distinct URL's size and type once, and warns naming who shows a broken one", async () => {
    const ok = `${origin}/media/ok.jpg`
    const missing = `${origin}/media/missing.jpg`
    const notImage = `${origin}/media/not-an-image.jpg`
    const warnings: string[] = []
    const files = await fetchImages([ok, ok, missing, notImage], {
      cache: fakeCache(),
      limiter: createLimiter(2),
      limits: requestLimits(origin),
      usedBy: new Map([
        [ok, ["series 1"]],
        [missing, ["episode 7", "episode 8"]],
        [notImage, ["category 2"]],
      ]),
      warn: (m) => warnings.push(m),
    })
    expect([...files.keys()]).toEqual([ok])
    expect(files.get(ok)).toMatchObject({ url: ok, filename: "ok.jpg", mimeType: "image/jpeg", width: 320, height: 200, filesize: jpeg.length })
    expect(hits.get("/media/ok.jpg")).toBe(1)
    expect(warnings).toHaveLength(2)
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^Image ${missing} of episode 7, episode 8 could not be used \\(.*404.*\\); it is left out\\.$`)),
        `Image ${notImage} of category 2 could not be used (it is not an image); it is left out.`,
      ]),
    )
  })
})
