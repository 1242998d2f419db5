import type { SqliteDatabase } from "../../../../node-kit/storage/sqlite"
import { openRecordsDatabase } from "./database"
import { DeliveryStore } from "./delivery-store"
import { JobStore } from "./job-store"
import { SwitchStore } from "./switch-store"

/** A lane's records: its jobs, the deliveries they joined and its release switches, in one SQLite file (database.ts). */
export class LaneRecords {
  readonly jobs: JobStore
  readonly deliveries: DeliveryStore
  readonly switches: SwitchStore
  private readonly db: SqliteDatabase

  constructor(file: string) {
    this.db = openRecordsDatabase(file)
    this.jobs = new JobStore(this.db)
    this.deliveries = new DeliveryStore(this.db, this.jobs)
    this.switches = new SwitchStore(this.db)
  }

  /**
   * Forgets deliveries older than `deliveriesBeforeMs` (their timestamps fail
   * the 5-minute check long before), and all but the newest `keep` finished
   * jobs and switches.
   */
  prune(deliveriesBeforeMs: number, keep: number): void {
    this.deliveries.prune(deliveriesBeforeMs)
    this.jobs.pruneFinished(keep)
    this.switches.prune(keep)
  }

  close(): void {
    this.db.close()
  }
}
