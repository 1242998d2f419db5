import type { Core } from "@strapi/strapi"
import { enqueueDelivery } from "../webhooks/outbox"
import { wakeWebhookDeliveries, webhooksEnabled } from "../webhooks/deliveries"
import { stampsOf } from "./in-flight"
import { appendChanges, type ViewChange } from "./log"
import { ABSENT, documentKey, membersNamedBy, neighboursChanged, snapshot, type DocumentKey, type Snapshot } from "./neighbours"
import { isCatalogueUid, refKey, refOf } from "./refs"
import { documentIdOf, eventOf, isWritingAction, viewsTouched, type ActionParams, type WritingAction } from "./what-changed"

// A Document Service middleware: whatever writes the catalogue through
// strapi.documents() (the admin's content manager, releases, the seed, a
// script) records what it changed, for GET /changes and the signed webhook,
// in the same transaction as the edit. So a change is recorded if and only if
// it committed, and a crash between the two loses nothing. The records go
// through strapi.db.query, which runs no document middleware.

interface DocumentContext {
  uid: string
  action: string
  params: ActionParams
}

type RecordedContext = DocumentContext & { action: WritingAction }

type Next = () => Promise<unknown>

/** What the middleware reads before the action runs: the document as it was, and the members its data moves. */
interface Before {
  self: Snapshot
  named: DocumentKey[]
}

async function readBefore(strapi: Core.Strapi, context: RecordedContext): Promise<Before> {
  const { documentId, data } = context.params as ActionParams & { data?: unknown }
  // create makes a new document; clone's documentId is its source, which it leaves as it was.
  const existing = context.action !== "create" && context.action !== "clone" && typeof documentId === "string"
  return {
    self: existing ? await snapshot(strapi, { uid: context.uid, documentId }) : ABSENT,
    named: await membersNamedBy(strapi, context.uid, data),
  }
}

/**
 * What `action` did, in each view it touched: the document changed, or
 * deleted when that view has no version of it left; and each neighbour
 * whose answer it changed (neighbours.ts), when that view has it.
 */
async function viewChanges(strapi: Core.Strapi, context: RecordedContext, documentId: string, before: Before): Promise<ViewChange[]> {
  const after = await snapshot(strapi, { uid: context.uid, documentId })
  const views = viewsTouched(context.action, context.params)
  const neighbours = new Map<string, DocumentKey>()
  for (const view of views) for (const key of [...neighboursChanged(before.self, after, view), ...before.named]) neighbours.set(documentKey(key), key)
  const theirs = await Promise.all([...neighbours.values()].map(async (key) => ({ key, now: await snapshot(strapi, key) })))
  const ref = refOf(context.uid, documentId)
  return views.flatMap((view): ViewChange[] => [
    { view, ref, kind: after[view].present ? "changed" : "deleted" },
    ...theirs.filter(({ now }) => now[view].present).map(({ key }): ViewChange => ({ view, ref: refOf(key.uid, key.documentId), kind: "changed" })),
  ])
}

/** Writes what `action` did: the log's rows, and a delivery naming every entity they name. */
async function record(strapi: Core.Strapi, context: RecordedContext, documentId: string, before: Before, at: number): Promise<void> {
  const list = await viewChanges(strapi, context, documentId, before)
  await appendChanges(strapi, list, at)
  if (!webhooksEnabled(strapi)) return
  const refs = new Map(list.map((change) => [refKey(change.ref), change.ref]))
  await enqueueDelivery(strapi, eventOf(context.action, context.params), [...refs.values()], at)
}

/**
 * Runs the action and its record in one transaction (the action's own joins
 * it; so does any the caller opened, such as the content manager's around a
 * bulk publish, and then ours commits with it). The change's stamp is held as
 * uncommitted until then (in-flight.ts), and the commit wakes the webhook.
 */
async function runAndRecord(strapi: Core.Strapi, context: RecordedContext, next: Next): Promise<unknown> {
  const stamps = stampsOf(strapi)
  const outermost = !strapi.db.inTransaction()
  let token: symbol | undefined
  try {
    return await strapi.db.transaction(async ({ onCommit, onRollback }) => {
      const before = await readBefore(strapi, context)
      const result = await next()
      const documentId = documentIdOf(context.action, context.params, result)
      if (documentId === undefined) return result
      const stamp = stamps.take()
      token = stamp.token
      onCommit(() => {
        stamps.settle(stamp.token)
        wakeWebhookDeliveries(strapi)
      })
      onRollback(() => stamps.settle(stamp.token))
      await record(strapi, context, documentId, before, stamp.at)
      return result
    })
  } finally {
    // Ours was the transaction: it has committed or rolled back by now, whether or not its callbacks ran.
    if (outermost && token) stamps.settle(token)
  }
}

/** Registers the middleware; called in register, before anything writes. */
export function recordCatalogueChanges(strapi: Core.Strapi): void {
  const middleware = async (context: DocumentContext, next: Next): Promise<unknown> => {
    if (!isCatalogueUid(context.uid) || !isWritingAction(context.action)) return next()
    return runAndRecord(strapi, context as RecordedContext, next)
  }
  strapi.documents.use(middleware as unknown as Parameters<typeof strapi.documents.use>[0])
}
