import sharp from "sharp"
import { startTestServer, type TestServer } from "./helpers/test-server"

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

  it.each(["/media/missing.png", "/media/..%2Fcatalogue.db", "/media/category-1.jpg.tmp", "/media/%00.jpg"])(
    "answers 404 for %s",
    async (path) => {
      expect((await image(path)).response.status).toBe(404)
    },
  )
})
