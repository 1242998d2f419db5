import type { ApiWebhookBody } from "../../../../contract/schemas"
import type { SqliteDatabase } from "../../../../node-kit/storage/sqlite"
import type { JobStore } from "./job-store"

export interface HookOutcome {
  jobId: number
  /** The delivery was seen before; nothing was queued. */
  duplicate: boolean
}

/** The webhook deliveries accepted, by webhook-id, each with the job it joined: a delivery sent again queues nothing. */
export class DeliveryStore {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly jobs: JobStore,
  ) {}

  /**
   * Records one verified delivery and has it join the jobs (JobStore.addDelivery).
   * A delivery whose webhook-id was seen before changes nothing. (Not
   * deduplicated by signature: two edits of one episode within a second are
   * two deliveries with the same body and timestamp, and the second must
   * still be built if the first's build has started; their ids, which the
   * signature covers, differ.)
   */
  addHook(delivery: { eventId: string; signature: string; body: ApiWebhookBody; now: number }): HookOutcome {
    return this.db.transaction((): HookOutcome => {
      const seen = this.db.prepare<[string], { job_id: number }>("SELECT job_id FROM events WHERE event_id = ?").get(delivery.eventId)
      if (seen) return { jobId: seen.job_id, duplicate: true }
      const jobId = this.jobs.addDelivery(delivery.body, delivery.now)
      this.db.prepare("INSERT INTO events (event_id, signature, job_id, received_at) VALUES (?, ?, ?, ?)").run(delivery.eventId, delivery.signature, jobId, delivery.now)
      return { jobId, duplicate: false }
    })()
  }

  /** Forgets deliveries received before `beforeMs`: the dedupe only has to outlast the 5-minute timestamp window. */
  prune(beforeMs: number): number {
    return this.db.prepare("DELETE FROM events WHERE received_at < ?").run(beforeMs).changes
  }
}
