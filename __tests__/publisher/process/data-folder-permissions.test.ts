import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { LaneRecords } from "../../../publisher/src/jobs/store/lane-records"
import { startTestPublisher } from "../helpers/harness"

// The data folder holds build logs, the job records (refs, failure reasons,
// log excerpts) and the workspace, whose Gatsby cache keeps the build's
// environment (VIDEO_API_TOKEN): readable by the publisher's user only,
// whatever the umask. The releases in it are served by the same process.

const mode = (file: string) => fs.statSync(file).mode & 0o777

describe("the publisher's data folder", () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "publisher-modes-"))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("is owner-only (0700, its database 0600) after a build, even when it was made 0755 before, and the site is still served", async () => {
    const dataDir = path.join(dir, "data")
    fs.mkdirSync(dataDir, { mode: 0o755 })
    fs.chmodSync(dataDir, 0o755)
    const site = await startTestPublisher({ dir, plan: { version: "v1" } })
    try {
      await site.publisher.idle()
      expect(mode(dataDir)).toBe(0o700)
      for (const file of ["publisher.db", "publisher.db-wal", "publisher.db-shm"]) expect(mode(path.join(dataDir, file))).toBe(0o600)
      // The build log lives below the owner-only folder: no one else can reach it.
      expect(fs.readdirSync(path.join(dataDir, "logs")).length).toBeGreaterThan(0)
      expect(await (await fetch(`${site.url}/`)).text()).toContain("Home v1")
    } finally {
      await site.close()
    }
  })

  it("makes a database kept elsewhere (PUBLISHER_DB) 0600 in a new 0700 folder, and narrows one an older publisher left 0644", () => {
    const file = path.join(dir, "db", "jobs.db")
    const records = new LaneRecords(file)
    records.close()
    expect(mode(path.dirname(file))).toBe(0o700)
    expect(mode(file)).toBe(0o600)

    const older = path.join(dir, "older.db")
    new LaneRecords(older).close()
    fs.chmodSync(older, 0o644)
    const reopened = new LaneRecords(older)
    try {
      expect(mode(older)).toBe(0o600)
      expect(mode(`${older}-wal`)).toBe(0o600)
    } finally {
      reopened.close()
    }
  })
})
