import type { CatalogueDatabase } from "../catalogue/database/database"

/** One publish webhook waiting for the publisher's 2xx, as the outbox table keeps it. */
export interface OutboxEntry {
  /** The webhook-id: the same on every attempt, and after a restart. */
  id: string
  /** The exact JSON sent. */
  body: string
  /** "publish episode 1001", for the log. */
  summary: string
  attempts: number
  createdAt: number
  firstAttemptAt: number | null
  nextAttemptAt: number
}

const FIELDS = `id, body, summary, attempts, created_at AS "createdAt", first_attempt_at AS "firstAttemptAt", next_attempt_at AS "nextAttemptAt"`

/**
 * The webhook_outbox table (catalogue/database/database.ts): a delivery is written before its
 * first attempt and removed once delivered or given up, so what a stopped
 * server had not delivered goes out after it starts again. Each write is
 * its own transaction, on disk when it returns (synchronous=FULL).
 */
export class WebhookOutbox {
  constructor(private readonly db: CatalogueDatabase) {}

  add(entry: Pick<OutboxEntry, "id" | "body" | "summary" | "createdAt">): void {
    this.db
      .prepare("INSERT INTO webhook_outbox (id, body, summary, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?)")
      .run(entry.id, entry.body, entry.summary, entry.createdAt, entry.createdAt)
  }

  /** Every delivery still owed, oldest first. */
  pending(): OutboxEntry[] {
    return this.db.prepare(`SELECT ${FIELDS} FROM webhook_outbox ORDER BY created_at, rowid`).all() as OutboxEntry[]
  }

  /** Records an attempt that did not deliver, and when the next one is due. */
  attempted(entry: Pick<OutboxEntry, "id" | "attempts" | "firstAttemptAt" | "nextAttemptAt">): void {
    this.db
      .prepare("UPDATE webhook_outbox SET attempts = ?, first_attempt_at = ?, next_attempt_at = ? WHERE id = ?")
      .run(entry.attempts, entry.firstAttemptAt, entry.nextAttemptAt, entry.id)
  }

  /** A new body for the same delivery (a 413: the refs dropped, "read the changes feed"). */
  replaceBody(id: string, body: string, summary: string): void {
    this.db.prepare("UPDATE webhook_outbox SET body = ?, summary = ? WHERE id = ?").run(body, summary, id)
  }

  /**
   * Replaces every delivery owed by `entry`, in one transaction: the many
   * deliveries of a long outage go out as one that names them all.
   */
  replaceAll(entry: Pick<OutboxEntry, "id" | "body" | "summary" | "createdAt">): void {
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM webhook_outbox").run()
      this.add(entry)
    })()
  }

  remove(id: string): void {
    this.db.prepare("DELETE FROM webhook_outbox WHERE id = ?").run(id)
  }
}
