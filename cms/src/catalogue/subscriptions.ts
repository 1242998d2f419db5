import { normalizeEmail } from "../../../contract/email"
import { now, prepared, type CatalogueDatabase } from "./database/database"

export interface Subscription {
  email: string
  created_at: string
}

/**
 * Stores an address once, whatever its case; a repeat only stamps the
 * stored row's updated_at (when it was last asked for). Both cases write and
 * commit, so neither the answer nor its timing tells a new address from one
 * already on the list. The commit is durable (synchronous=FULL) before this
 * returns, so an answered subscription is never lost.
 */
export function addSubscription(db: CatalogueDatabase, email: string): void {
  const stamp = now()
  prepared(
    db,
    `INSERT INTO subscriptions (email, email_normalized, created_at, updated_at)
     VALUES (?, ?, ?, ?) ON CONFLICT(email_normalized) DO UPDATE SET updated_at = excluded.updated_at`,
  ).run(email.trim(), normalizeEmail(email), stamp, stamp)
}

export function listSubscriptions(db: CatalogueDatabase): Subscription[] {
  return db.prepare("SELECT email, created_at FROM subscriptions ORDER BY id").all() as Subscription[]
}
