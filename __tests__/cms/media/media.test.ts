import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { mediaDir } from "../../../cms/src/config"
import { startTestServer, type TestServer } from "../helpers/test-server"

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})

afterAll(async () => {
  await server.destroy()
})

async function image(path: string) {
  const response = await fetch(`${server.origin}${path}`)
  return { response, bytes: Buffer.from(await response.arrayBuffer()) }
}

describe("GET /media/{name}", () => {
  it("serves every image the catalogue names as a JPEG at least 1600 px wide", async () => {
    const paths = new Set<string>()
    for (const table of ["categories", "sub_categories", "series", "episodes", "featured_items"]) {
      const rows = server.db.prepare(`SELECT images FROM ${table}`).all() as { images: string }[]
      const lists = rows.map((row) => JSON.parse(row.images) as string[])
      expect(lists.every((list) => list.length > 0)).toBe(true)
      // One image of each kind is enough to prove the drawing; names are checked for all.
      lists.flat().forEach((p) => expect(p).toMatch(/^\/media\/[a-z]+-\d+(-\d+)?\.jpg$/))
      paths.add(lists[0]![0]!)
    }
    for (const path of paths) {
      const { response, bytes } = await image(path)
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toBe("image/jpeg")
      const metadata = await sharp(bytes).metadata()
      expect(metadata.format).toBe("jpeg")
      expect(metadata.width).toBeGreaterThanOrEqual(1600)
    }
  })

  it("draws the same picture for the same name, and a different one for another", async () => {
    const first = (await image("/media/series-101.jpg")).bytes
    const again = (await image("/media/series-101.jpg")).bytes
    const other = (await image("/media/series-102.jpg")).bytes
    expect(again.equals(first)).toBe(true)
    expect(other.equals(first)).toBe(false)
  })

  it("answers 404 for a drawable name the catalogue does not use, and draws nothing for it", async () => {
    for (const path of ["/media/episode-99999999.jpg", "/media/series-101-7.jpg", "/media/hero-1.jpg", "/media/episode-99999998.jpg?w=480&fm=webp"]) {
      const { response, bytes } = await image(path)
      expect(response.status).toBe(404)
      expect(JSON.parse(bytes.toString()).message).toMatch(/No image/)
    }
    // No folder yet is nothing drawn: run first, this test meets a server that has drawn nothing at all.
    const folder = mediaDir(server.dataDir)
    const drawn = fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true }).map(String) : []
    expect(drawn.filter((name) => /99999999|99999998|series-101-7|hero-1/.test(name))).toEqual([])
  })

  it("serves a picture an editor adds to the catalogue, and not one taken out of it", async () => {
    const name = "series-424242.jpg"
    expect((await image(`/media/${name}`)).response.status).toBe(404)
    expect((await server.edit("series/102", { images: [`/media/${name}`] })).status).toBe(200)
    expect((await image(`/media/${name}`)).response.status).toBe(200)
    const removed = "episode-424243.jpg"
    expect((await server.edit("episodes/1002", { seo: { image: { path: `http://127.0.0.1:4000/media/${removed}` } } })).status).toBe(200)
    expect((await image(`/media/${removed}?w=320`)).response.status).toBe(200)
    expect((await server.edit("episodes/1002", { seo: null })).status).toBe(200)
    expect((await image(`/media/${removed}?w=480`)).response.status).toBe(404)
  })

  it.each(["/media/missing.png", "/media/..%2Fcatalogue.db", "/media/category-1.jpg.tmp", "/media/%00.jpg"])("answers 404 for %s", async (path) => {
    expect((await image(path)).response.status).toBe(404)
  })
})

describe("GET /media/{name}?w=&fm= (the image service)", () => {
  it.each([
    ["webp", "image/webp", "webp"],
    ["avif", "image/avif", "heif"],
    ["jpg", "image/jpeg", "jpeg"],
  ])("resizes to the asked width in %s, keeping the picture's proportions", async (fm, contentType, sharpFormat) => {
    const { response, bytes } = await image(`/media/episode-1001.jpg?w=480&fm=${fm}`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe(contentType)
    expect(response.headers.get("cache-control")).toContain("immutable")
    const metadata = await sharp(bytes).metadata()
    expect(metadata.format).toBe(sharpFormat)
    expect(metadata.width).toBe(480)
    expect(metadata.height).toBe(300)
  })

  it("answers a JPEG when no format is named, and answers it again from its disk cache", async () => {
    const first = await image("/media/series-101.jpg?w=320")
    expect(first.response.headers.get("content-type")).toBe("image/jpeg")
    expect((await sharp(first.bytes).metadata()).width).toBe(320)
    // A marked file in the cache is what the second request gets: it was not made again.
    const cached = path.join(mediaDir(server.dataDir), "resized", "series-101-w320.jpg")
    const marked = Buffer.concat([fs.readFileSync(cached), Buffer.from("cached")])
    fs.writeFileSync(cached, marked)
    expect((await image("/media/series-101.jpg?w=320")).bytes.equals(marked)).toBe(true)
  })

  it.each([
    ["a width that is not a multiple of 16", "/media/series-101.jpg?w=481", /multiples of 16/],
    ["a width above the original's", "/media/series-101.jpg?w=3200", /from 16 to 1600/],
    ["no width", "/media/series-101.jpg?fm=webp", /w must be a width/],
    ["a width that is not a number", "/media/series-101.jpg?w=abc", /w must be a width/],
    ["an unknown format", "/media/series-101.jpg?w=480&fm=gif", /fm must be one of jpg, webp, avif/],
    ["a format named after what every object inherits", "/media/series-101.jpg?w=480&fm=constructor", /fm must be one of jpg, webp, avif/],
    ["__proto__ as a format", "/media/series-101.jpg?w=480&fm=__proto__", /fm must be one of jpg, webp, avif/],
    ["toString as a format", "/media/series-101.jpg?w=480&fm=toString", /fm must be one of jpg, webp, avif/],
    ["a parameter it does not take", "/media/series-101.jpg?w=480&q=100", /Unknown parameter\(s\) q/],
    ["a repeated width", "/media/series-101.jpg?w=480&w=960", /w must be a width/],
  ])("refuses %s with 400 and says what it serves", async (_, path, message) => {
    const response = await fetch(`${server.origin}${path}`)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { message: string }).message).toMatch(message)
  })

  it("still answers 404 for a name it cannot draw, whatever the size asked", async () => {
    expect((await image("/media/missing.png?w=480&fm=webp")).response.status).toBe(404)
  })
})
