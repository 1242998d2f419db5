import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { openDatabase } from "../../../node-kit/storage/sqlite"

describe("openDatabase", () => {
  let dir: string
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-"))))
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("creates the file and its folder, with WAL, synchronous=FULL, foreign keys and the schema", () => {
    const db = openDatabase(path.join(dir, "nested", "data.db"), { schema: "CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY)" })
    try {
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal")
      expect(db.pragma("synchronous", { simple: true })).toBe(2)
      expect(db.pragma("busy_timeout", { simple: true })).toBe(5000)
      expect(db.pragma("foreign_keys", { simple: true })).toBe(1)
      expect(db.prepare("SELECT COUNT(*) AS n FROM t").get()).toEqual({ n: 0 })
    } finally {
      db.close()
    }
  })

  it("enforces foreign keys", () => {
    const db = openDatabase(path.join(dir, "keys.db"), {
      schema: "CREATE TABLE a (id INTEGER PRIMARY KEY); CREATE TABLE b (a_id INTEGER REFERENCES a(id));",
    })
    try {
      expect(() => db.prepare("INSERT INTO b (a_id) VALUES (1)").run()).toThrow(/FOREIGN KEY/)
    } finally {
      db.close()
    }
  })
})
