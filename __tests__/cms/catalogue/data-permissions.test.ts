import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { databaseFile } from "../../../cms/src/config"
import { openDatabase } from "../../../cms/src/catalogue/database/database"

const modeOf = (file: string) => fs.statSync(file).mode & 0o777

let parent: string
let previousUmask: number

beforeEach(() => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), "cms-permissions-"))
  // The common umask, which would leave the folder 0755 and the files 0644: readable by every user.
  previousUmask = process.umask(0o022)
})

afterEach(() => {
  process.umask(previousUmask)
  fs.rmSync(parent, { recursive: true, force: true })
})

describe("the data folder and the database (subscribers' addresses)", () => {
  it("makes a new data folder 0700 and the database with its -wal and -shm files 0600", () => {
    const dataDir = path.join(parent, "data")
    const file = databaseFile(dataDir)
    const db = openDatabase(file)
    try {
      db.prepare("INSERT INTO subscriptions (email, email_normalized, created_at, updated_at) VALUES ('a@example.com', 'a@example.com', '', '')").run()
      expect(modeOf(dataDir)).toBe(0o700)
      for (const companion of [file, `${file}-wal`, `${file}-shm`]) {
        expect(fs.existsSync(companion)).toBe(true)
        expect([companion, modeOf(companion).toString(8)]).toEqual([companion, "600"])
      }
    } finally {
      db.close()
    }
  })

  it("closes up a folder and a database an earlier version left readable by everyone", () => {
    const dataDir = path.join(parent, "data")
    const file = databaseFile(dataDir)
    openDatabase(file).close()
    fs.chmodSync(dataDir, 0o755)
    fs.chmodSync(file, 0o644)
    const db = openDatabase(file)
    try {
      expect(modeOf(dataDir)).toBe(0o700)
      expect(modeOf(file)).toBe(0o600)
      expect(modeOf(`${file}-wal`)).toBe(0o600)
    } finally {
      db.close()
    }
  })
})
