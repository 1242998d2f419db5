import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import sharp from "sharp"
import { drawMedia, type DrawProgress } from "../../../cms/src/media/pictures"

let dir: string

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "draw-media-"))
})

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

describe("drawMedia", () => {
  it("draws the missing pictures, skips those already drawn, and reports each drawing", async () => {
    // A file already there is kept as it is, not drawn again.
    fs.writeFileSync(path.join(dir, "series-101.jpg"), "already drawn")
    const reports: DrawProgress[] = []
    const names = ["episode-1001.jpg", "series-101.jpg", "featured-1-2.jpg", "episode-1001.jpg"]

    const first = await drawMedia(dir, names, { onProgress: (progress) => reports.push(progress) })

    expect(first).toEqual({ drawn: 2, toDraw: 2, cached: 1 })
    expect(reports.map((report) => report.drawn)).toEqual([1, 2])
    expect(reports.every((report) => report.toDraw === 2 && report.cached === 1)).toBe(true)
    expect(fs.readFileSync(path.join(dir, "series-101.jpg"), "utf8")).toBe("already drawn")
    const metadata = await sharp(path.join(dir, "featured-1-2.jpg")).metadata()
    expect(metadata).toMatchObject({ format: "jpeg", width: 1600, height: 1000 })
    expect(fs.readdirSync(dir).sort()).toEqual(["episode-1001.jpg", "featured-1-2.jpg", "series-101.jpg"])

    expect(await drawMedia(dir, names)).toEqual({ drawn: 0, toDraw: 0, cached: 3 })
  })

  it("makes the folder when it is missing", async () => {
    const nested = path.join(dir, "bench-media")
    expect(await drawMedia(nested, ["category-1.jpg"])).toEqual({ drawn: 1, toDraw: 1, cached: 0 })
    expect(fs.existsSync(path.join(nested, "category-1.jpg"))).toBe(true)
  })

  it("refuses names the server would not draw, before drawing anything", async () => {
    await expect(drawMedia(dir, ["episode-1.jpg", "../catalogue.db", "poster.png"])).rejects.toThrow(/"..\/catalogue.db", "poster.png"/)
    expect(fs.readdirSync(dir)).toEqual([])
  })
})
