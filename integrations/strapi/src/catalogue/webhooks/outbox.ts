import { randomUUID } from "node:crypto"
import type { Core } from "@strapi/strapi"
import type { WebhookEvent } from "../changes/what-changed"
import { refKey, type Ref } from "../changes/refs"

// The webhook's outbox, in the hidden webhook-delivery content type: the
// editor's transaction writes a pending row (so a delivery exists if and only
// if its edit committed, and survives a restart); the delivery loop
// (delivery-loop.ts) sends it and records how that went.

export const DELIVERY_UID = "api::webhook-delivery.webhook-delivery"

/** catalogue-api.md: refs in one delivery, at most; a larger change is sent as `"refs": []`, "read the changes feed". */
export const MAX_REFS_PER_DELIVERY = 5000

export type DeliveryState = "pending" | "delivered" | "failed"

export interface DeliveryRow {
  id: number
  /** The webhook-id header: the same on every attempt of this delivery, after a restart too. */
  webhook_id: string
  event: WebhookEvent
  refs: Ref[]
  state: DeliveryState
  /** Attempts made so far. */
  attempts: number
  queued_at: string
  next_attempt_at: string
  finished_at: string | null
  last_error: string | null
}

// Typed loosely: the project does not generate content-type types.
const deliveries = (strapi: Core.Strapi) => strapi.db.query(DELIVERY_UID as never)

/** Refs of several deliveries as one list: an empty list anywhere ("read the feed") or more than the limit makes `[]`. */
export function mergeRefs(lists: readonly (readonly Ref[])[]): Ref[] {
  if (lists.some((list) => list.length === 0)) return []
  const merged = new Map<string, Ref>()
  for (const list of lists) for (const ref of list) merged.set(refKey(ref), ref)
  return merged.size > MAX_REFS_PER_DELIVERY ? [] : [...merged.values()]
}

/** Writes a pending delivery, due at once; joins the caller's transaction. */
export async function enqueueDelivery(strapi: Core.Strapi, event: WebhookEvent, refs: readonly Ref[], at: number): Promise<void> {
  const now = new Date(at)
  await deliveries(strapi).create({
    data: {
      webhook_id: `msg_${randomUUID().replace(/-/g, "")}`,
      event,
      refs: refs.length > MAX_REFS_PER_DELIVERY ? [] : refs,
      state: "pending",
      attempts: 0,
      queued_at: now,
      next_attempt_at: now,
    },
  })
}

/** The oldest pending delivery due at `nowMs`. */
export async function nextDue(strapi: Core.Strapi, nowMs: number): Promise<DeliveryRow | undefined> {
  const row = await deliveries(strapi).findOne({
    where: { state: "pending", next_attempt_at: { $lte: new Date(nowMs) } },
    orderBy: { id: "asc" },
  })
  return (row as DeliveryRow | null) ?? undefined
}

/** When the next pending delivery is due (ms), if any is pending. */
export async function nextDueAt(strapi: Core.Strapi): Promise<number | undefined> {
  const row = (await deliveries(strapi).findOne({
    select: ["next_attempt_at"],
    where: { state: "pending" },
    orderBy: { next_attempt_at: "asc" },
  })) as Pick<DeliveryRow, "next_attempt_at"> | null
  return row ? Date.parse(row.next_attempt_at) : undefined
}

/**
 * One event for deliveries sent as one, as the publisher merges them: a
 * draft says "the preview only", so with a publish or unpublish beside it
 * the other event stands (both lanes rebuild); publish and unpublish mixed
 * are "publish" (the changes feed's tombstones tell what was unpublished).
 */
export function combineEvents(events: readonly WebhookEvent[]): WebhookEvent {
  const live = events.filter((event) => event !== "draft")
  if (live.length === 0) return "draft"
  return live.every((event) => event === live[0]) ? live[0]! : "publish"
}

/**
 * A delivery never attempted absorbs the never-attempted deliveries queued
 * after it (quick edits, a Publish click that saves the draft first, a bulk
 * publish), so the publisher gets one delivery for them. Their webhook-ids
 * were never sent, so no receiver has seen them; the head keeps its own.
 */
export async function coalesce(strapi: Core.Strapi, head: DeliveryRow): Promise<DeliveryRow> {
  if (head.attempts > 0) return head
  const following = (await deliveries(strapi).findMany({
    where: { state: "pending", attempts: 0, id: { $gt: head.id } },
    orderBy: { id: "asc" },
    limit: 1000,
  })) as DeliveryRow[]
  if (following.length === 0) return head
  const event = combineEvents([head.event, ...following.map((row) => row.event)])
  const refs = mergeRefs([head.refs, ...following.map((row) => row.refs)])
  await strapi.db.transaction(async () => {
    await deliveries(strapi).update({ where: { id: head.id }, data: { event, refs } })
    await deliveries(strapi).deleteMany({ where: { id: { $in: following.map((row) => row.id) } } })
  })
  return { ...head, event, refs }
}

/** Records one attempt's end: delivered or given up (`finished`), or due again at `nextAttemptMs`. */
export async function recordAttempt(
  strapi: Core.Strapi,
  row: DeliveryRow,
  outcome: { state: "delivered" | "failed"; at: number; error?: string } | { state: "pending"; nextAttemptMs: number; error: string; refs?: Ref[] },
): Promise<void> {
  const data =
    outcome.state === "pending"
      ? { attempts: row.attempts + 1, next_attempt_at: new Date(outcome.nextAttemptMs), last_error: outcome.error, ...(outcome.refs ? { refs: outcome.refs } : {}) }
      : { attempts: row.attempts + 1, state: outcome.state, finished_at: new Date(outcome.at), last_error: outcome.error ?? null }
  await deliveries(strapi).update({ where: { id: row.id }, data })
}

/** Every pending delivery waiting out a backoff becomes due now: the publisher just answered, so it is up again. */
export async function hurryPending(strapi: Core.Strapi, nowMs: number): Promise<void> {
  const now = new Date(nowMs)
  await deliveries(strapi).updateMany({ where: { state: "pending", next_attempt_at: { $gt: now } }, data: { next_attempt_at: now } })
}

/** Drops delivered and given-up deliveries finished before `beforeMs`; they were kept to be looked at. */
export async function pruneFinished(strapi: Core.Strapi, beforeMs: number): Promise<void> {
  await deliveries(strapi).deleteMany({ where: { state: { $in: ["delivered", "failed"] }, finished_at: { $lt: new Date(beforeMs) } } })
}
