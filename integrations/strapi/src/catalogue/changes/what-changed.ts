import type { View } from "../http/preview-access"

// What one Document Service action did to the catalogue's two views
// (catalogue-api.md, "Drafts and preview"), and the webhook event it calls
// for. Pure rules: the middleware (document-middleware.ts) asks the database
// which versions are left, and these rules say what that means.

/** The Document Service actions that write; every other one (findMany, count…) records nothing. */
export const WRITING_ACTIONS = ["create", "update", "clone", "publish", "unpublish", "discardDraft", "delete"] as const
export type WritingAction = (typeof WRITING_ACTIONS)[number]

export const isWritingAction = (action: string): action is WritingAction => (WRITING_ACTIONS as readonly string[]).includes(action)

export type WebhookEvent = "publish" | "unpublish" | "draft"

export interface ActionParams {
  documentId?: unknown
  status?: unknown
}

/** create and update with `status: "published"` publish in the same call (the repository calls publish itself, past the middlewares). */
const publishesToo = (action: WritingAction, params: ActionParams) => (action === "create" || action === "update") && params.status === "published"

/**
 * The views an action may have changed. A draft save, a clone or a discard
 * changes the draft view alone; publishing, unpublishing and deleting change
 * both (an unpublished entity's draft view loses its published version, so
 * its `draft` flag turns on).
 */
export function viewsTouched(action: WritingAction, params: ActionParams): View[] {
  if (action === "create" || action === "update" || action === "clone" || action === "discardDraft") {
    return publishesToo(action, params) ? ["published", "draft"] : ["draft"]
  }
  return ["published", "draft"]
}

/** The webhook's event: publish for a publish, unpublish for an unpublish or a delete, draft for every draft save or discard. */
export function eventOf(action: WritingAction, params: ActionParams): WebhookEvent {
  if (action === "publish" || publishesToo(action, params)) return "publish"
  if (action === "unpublish" || action === "delete") return "unpublish"
  return "draft"
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/**
 * The documentId an action worked on, or undefined when it did nothing:
 * update of a missing document answers null, and publish, unpublish,
 * discardDraft, delete and clone answer `{ documentId, entries }` with no
 * entries when nothing matched. create's id is Strapi's choice, in its answer.
 */
export function documentIdOf(action: WritingAction, params: ActionParams, result: unknown): string | undefined {
  if (!isObject(result)) return undefined
  if (Array.isArray(result.entries) && result.entries.length === 0) return undefined
  const id = action === "create" || action === "clone" ? result.documentId : (params.documentId ?? result.documentId)
  return typeof id === "string" && id !== "" ? id : undefined
}
