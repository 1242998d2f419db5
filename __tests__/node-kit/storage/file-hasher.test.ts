import { createHash } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { hashFile, hashUnlessUnchanged } from "../../../node-kit/storage/file-hasher"

describe("hashUnlessUnchanged", () => {
  let dir: string
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "file-hasher-"))))
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("hashes the content, and trusts a known hash only while the file's stats are unchanged", () => {
    const file = path.join(dir, "page-data.json")
    fs.writeFileSync(file, "first")
    const first = hashUnlessUnchanged(file, undefined)
    expect(first.hash).toBe(createHash("sha256").update("first").digest("hex"))
    expect(first.size).toBe(5)
    expect(hashFile(file)).toBe(first.hash)

    // Same stats: the recorded hash is answered without reading (a planted hash proves it).
    expect(hashUnlessUnchanged(file, { stamp: first.stamp, hash: "planted" }).hash).toBe("planted")

    // Any write changes the ctime, so the file is read again.
    fs.writeFileSync(file, "again")
    const second = hashUnlessUnchanged(file, { stamp: first.stamp, hash: "planted" })
    expect(second.stamp).not.toBe(first.stamp)
    expect(second.hash).toBe(createHash("sha256").update("again").digest("hex"))
  })
})
