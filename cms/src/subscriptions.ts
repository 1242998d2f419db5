import { normalizeEmail } from "../../contract/email"
import { now, prepared, type CatalogueDatabase } from "./database"

export interface Subscription {
  email: string
  created_at: string
}

/**
 * Stores an address once, whatever its case. Returns false for a duplicate.
 * The insert is committed (synchronous=FULL) before this returns, so an
 * answered subscription is never lost.
 */
export function addSubscription(db: CatalogueDatabase, email: string): boolean {
  const stamp = now()
  const result = prepared(
    db,
    `INSERT INTO subscriptions (email, email_normalized, created_at, updated_at)
     VALUES (?, ?, ?, ?) ON CONFLICT(email_normalized) DO NOTHING`,
  ).run(email.trim(), normalizeEmail(email), stamp, stamp)
  return result.changes === 1
}

export function listSubscriptions(db: CatalogueDatabase): Subscription[] {
  return db.prepare("SELECT email, created_at FROM subscriptions ORDER BY id").all() as Subscription[]
}
