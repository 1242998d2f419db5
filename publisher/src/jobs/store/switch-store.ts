import type { SqliteDatabase } from "../../../../node-kit/storage/sqlite"

export interface ReleaseSwitch {
  releaseId: string
  at: number
  cause: "build" | "rollback"
  jobId: number | null
}

/** Each time a release was switched live, by a build or a rollback: the status says since when the live one is live. */
export class SwitchStore {
  constructor(private readonly db: SqliteDatabase) {}

  recordSwitch(change: ReleaseSwitch): void {
    this.db.prepare("INSERT INTO switches (release_id, at, cause, job_id) VALUES (?, ?, ?, ?)").run(change.releaseId, change.at, change.cause, change.jobId)
  }

  /** The last time `releaseId` was switched live, if the records say. */
  lastSwitchTo(releaseId: string): ReleaseSwitch | undefined {
    const row = this.db
      .prepare<[string], { release_id: string; at: number; cause: ReleaseSwitch["cause"]; job_id: number | null }>(
        "SELECT * FROM switches WHERE release_id = ? ORDER BY id DESC LIMIT 1",
      )
      .get(releaseId)
    return row && { releaseId: row.release_id, at: row.at, cause: row.cause, jobId: row.job_id }
  }

  /** Forgets all but the newest `keep` switches. */
  prune(keep: number): void {
    this.db.prepare("DELETE FROM switches WHERE id NOT IN (SELECT id FROM switches ORDER BY id DESC LIMIT ?)").run(keep)
  }
}
