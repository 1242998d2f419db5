import type { Core } from "@strapi/strapi"
import type { View } from "../http/preview-access"
import { enqueueDelivery } from "../webhooks/outbox"
import { wakeWebhookDeliveries, webhooksEnabled } from "../webhooks/deliveries"
import { stampsOf } from "./in-flight"
import { appendChanges, type ViewChange } from "./log"
import { isCatalogueUid, refOf } from "./refs"
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

type Next = () => Promise<unknown>

/** Which of a document's versions are left: its published one, its draft. */
async function versionsLeft(strapi: Core.Strapi, uid: string, documentId: string): Promise<Record<View, boolean>> {
  const rows = (await strapi.db.query(uid as never).findMany({ select: ["id", "publishedAt"], where: { documentId } })) as { publishedAt: unknown }[]
  return { published: rows.some((row) => row.publishedAt != null), draft: rows.some((row) => row.publishedAt == null) }
}

/** Writes what `action` did to `documentId`: a log row per view it touched, changed or deleted by what is left, and a delivery. */
async function record(strapi: Core.Strapi, context: DocumentContext & { action: WritingAction }, documentId: string, at: number): Promise<void> {
  const left = await versionsLeft(strapi, context.uid, documentId)
  const ref = refOf(context.uid, documentId)
  const list: ViewChange[] = viewsTouched(context.action, context.params).map((view) => ({ view, ref, kind: left[view] ? "changed" : "deleted" }))
  await appendChanges(strapi, list, at)
  if (webhooksEnabled(strapi)) await enqueueDelivery(strapi, eventOf(context.action, context.params), [ref], at)
}

/**
 * Runs the action and its record in one transaction (the action's own joins
 * it; so does any the caller opened, such as the content manager's around a
 * bulk publish, and then ours commits with it). The change's stamp is held as
 * uncommitted until then (in-flight.ts), and the commit wakes the webhook.
 */
async function runAndRecord(strapi: Core.Strapi, context: DocumentContext & { action: WritingAction }, next: Next): Promise<unknown> {
  const stamps = stampsOf(strapi)
  const outermost = !strapi.db.inTransaction()
  let token: symbol | undefined
  try {
    return await strapi.db.transaction(async ({ onCommit, onRollback }) => {
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
      await record(strapi, context, documentId, stamp.at)
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
    return runAndRecord(strapi, context as DocumentContext & { action: WritingAction }, next)
  }
  strapi.documents.use(middleware as unknown as Parameters<typeof strapi.documents.use>[0])
}
