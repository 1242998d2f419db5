import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { readMemoFile, writeMemoFile } from "../../../node-kit/storage/memo-file"

let folder: string
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "memo-file-"))
})
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }))

describe("a memo a build leaves for the next", () => {
  it("reads back as it was written, in a folder not made yet, with no temporary file left beside it", () => {
    const file = path.join(folder, "not-made-yet", "memo.json")
    writeMemoFile(file, { "/detail/1/": "a1" })
    expect(readMemoFile(file)).toEqual({ "/detail/1/": "a1" })
    expect(fs.readdirSync(path.dirname(file))).toEqual(["memo.json"])
  })

  it("replaces the last one whole", () => {
    const file = path.join(folder, "memo.json")
    writeMemoFile(file, ["a", "b", "c"])
    writeMemoFile(file, ["d"])
    expect(readMemoFile(file)).toEqual(["d"])
  })

  it("is none when there is no file, or a torn one", () => {
    const file = path.join(folder, "memo.json")
    expect(readMemoFile(file)).toBeUndefined()
    fs.writeFileSync(file, '{"/": "a')
    expect(readMemoFile(file)).toBeUndefined()
  })
})
