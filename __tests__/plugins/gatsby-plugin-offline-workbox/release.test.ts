import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { releaseId } from "../../../plugins/gatsby-plugin-offline-workbox/src/release"

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
})

function build(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "release-id-"))
  folders.push(root)
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), text)
  }
  return root
}

const BASE = {
  "page-data/app-data.json": '{"webpackCompilationHash":"aaa"}',
  "page-data/index/page-data.json": '{"result":{"data":{"title":"Home"}}}',
  "page-data/sq/d/123.json": '{"data":{"categories":["Dance"]}}',
  "index.html": "<h1>Home</h1>",
}

describe("releaseId", () => {
  it("is the same for the same build", () => {
    expect(releaseId(build(BASE))).toBe(releaseId(build(BASE)))
  })

  it.each([
    ["a page's data", "page-data/index/page-data.json", '{"result":{"data":{"title":"New"}}}'],
    ["a static query's result (the footer's categories)", "page-data/sq/d/123.json", '{"data":{"categories":["Move"]}}'],
    ["the compilation hash (a code change)", "page-data/app-data.json", '{"webpackCompilationHash":"bbb"}'],
    ["a new page", "page-data/series/1/page-data.json", "{}"],
  ])("changes with %s", (_name, file, text) => {
    expect(releaseId(build({ ...BASE, [file]: text }))).not.toBe(releaseId(build(BASE)))
  })

  it("gives the same ids when it reads only the files a build rewrote (the memo of the last build)", () => {
    const root = build(BASE)
    const memoDir = fs.mkdtempSync(path.join(os.tmpdir(), "release-memo-"))
    folders.push(memoDir)
    const memo = path.join(memoDir, "memo.json")
    const first = releaseId(root, memo)
    expect(first).toBe(releaseId(build(BASE)))
    expect(releaseId(root, memo)).toBe(first)
    fs.writeFileSync(path.join(root, "page-data/sq/d/123.json"), '{"data":{"categories":["Move"]}}')
    expect(releaseId(root, memo)).toBe(releaseId(build({ ...BASE, "page-data/sq/d/123.json": '{"data":{"categories":["Move"]}}' })))
    expect(releaseId(root, memo)).not.toBe(first)
  })
})
