import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { listTreeSync } from "../../../node-kit/storage/tree-listing"

let root: string
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "tree-listing-"))
})
afterEach(() => {
  jest.restoreAllMocks()
  fs.rmSync(root, { recursive: true, force: true })
})

function write(files: Record<string, string>): void {
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), content)
  }
}

/** Folders read (readdir) while `list` runs. */
function foldersRead<T>(list: () => T): { result: T; read: number } {
  const spy = jest.spyOn(fs, "readdirSync")
  const result = list()
  const read = spy.mock.calls.length
  spy.mockRestore()
  return { result, read }
}

/** Waits until every folder below `root` was last changed longer ago than a listing trusts (tree-listing.ts, RACY_MS). */
async function settled(): Promise<void> {
  const deadline = Date.now() + 10_000
  const newest = () => Math.max(...[root, ...fs.readdirSync(root, { recursive: true }).map((name) => path.join(root, String(name)))].map((file) => fs.statSync(file).ctimeMs))
  while (Date.now() - newest() <= 1000) {
    if (Date.now() > deadline) throw new Error("the tree's folders kept changing")
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const site = { "index.html": "home", "detail/1/index.html": "one", "detail/2/index.html": "two", "page-data/app-data.json": "{}" }

describe("listing a tree", () => {
  it("lists every file sorted, each folder after its parent, and leaves out the top-level folders asked", () => {
    write(site)
    const { files, folders } = listTreeSync(root)
    expect(files).toEqual(["detail/1/index.html", "detail/2/index.html", "index.html", "page-data/app-data.json"])
    for (const folder of folders) if (folder.includes("/")) expect(folders.indexOf(path.posix.dirname(folder))).toBeLessThan(folders.indexOf(folder))
    expect(listTreeSync(root, { skipTop: new Set(["page-data"]) }).files).toEqual(["detail/1/index.html", "detail/2/index.html", "index.html"])
  })

  it("with the last listing's memo, reads no folder whose stats are unchanged, and still sees files added, removed and renamed", async () => {
    write(site)
    await settled()
    const first = listTreeSync(root)
    const again = foldersRead(() => listTreeSync(root, { memo: first.memo }))
    expect(again.read).toBe(0)
    expect(again.result.files).toEqual(first.files)

    write({ "detail/3/index.html": "three" })
    fs.rmSync(path.join(root, "detail/1/index.html"))
    fs.renameSync(path.join(root, "detail/2/index.html"), path.join(root, "detail/2/page.html"))
    const changed = foldersRead(() => listTreeSync(root, { memo: again.result.memo }))
    expect(changed.result.files).toEqual(["detail/2/page.html", "detail/3/index.html", "index.html", "page-data/app-data.json"])
    // detail/ (an entry added), 1 and 2 (one removed, one renamed), the new 3: and no other.
    expect(changed.read).toBe(4)
  })

  it("reads again a folder changed just before it was read: a change within the same clock tick keeps its stats", () => {
    write(site)
    const first = listTreeSync(root)
    expect(first.memo).toEqual({})
    // The root, detail/, detail/1, detail/2 and page-data/.
    expect(foldersRead(() => listTreeSync(root, { memo: first.memo })).read).toBe(5)
  })

  it("follows a symbolic link to a file, and reads its folder every time, as the link's target can change without it", async () => {
    write({ "target.txt": "x", "linked/real.txt": "y" })
    fs.symlinkSync(path.join(root, "target.txt"), path.join(root, "linked", "link.txt"))
    await settled()
    const first = listTreeSync(root)
    expect(first.files).toEqual(["linked/link.txt", "linked/real.txt", "target.txt"])
    fs.rmSync(path.join(root, "target.txt"))
    fs.mkdirSync(path.join(root, "target.txt"))
    expect(listTreeSync(root, { memo: first.memo }).files).toEqual(["linked/real.txt"])
  })
})
