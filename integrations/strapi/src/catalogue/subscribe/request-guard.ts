import { MESSAGES } from "./answers"

/** A sign-up is a few dozen bytes of JSON: this is room to spare, not room to fill. */
export const SUBSCRIBE_BODY_LIMIT_BYTES = 4096

/** The path of the contract's POST /subscribe under Strapi's content API prefix. */
export const SUBSCRIBE_PATH = "/api/subscribe"

export interface GuardedContext {
  method: string
  path: string
  get(header: string): string
  status: number
  body: unknown
}

/** Why a POST /subscribe is refused before its body is read, or undefined when it may be read. */
export function refusalBeforeReading(ctx: Pick<GuardedContext, "get">): { status: number; message: string } | undefined {
  const length = ctx.get("content-length")
  if (!ctx.get("content-type").toLowerCase().startsWith("application/json")) {
    return { status: 415, message: `Send JSON (Content-Type: application/json) like {"email": "you@example.com"}.` }
  }
  if (!/^\d+$/.test(length)) return { status: 411, message: "Send the request's Content-Length." }
  if (Number(length) > SUBSCRIBE_BODY_LIMIT_BYTES) return { status: 413, message: `A sign-up is at most ${SUBSCRIBE_BODY_LIMIT_BYTES} bytes.` }
  return undefined
}

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === "number" ? status : undefined
}

/**
 * POST /subscribe's request, before Strapi's body parser (whose limits are
 * the admin's: a megabyte of JSON, and file uploads) reads it: JSON alone,
 * announced with its length and at most SUBSCRIBE_BODY_LIMIT_BYTES. A body
 * the parser cannot read is answered with the contract's `{ message }`
 * rather than Strapi's error shape. Every other request passes untouched.
 */
export function subscribeRequestGuard() {
  return async (ctx: GuardedContext, next: () => Promise<unknown>) => {
    if (ctx.method !== "POST" || ctx.path !== SUBSCRIBE_PATH) return next()
    const refusal = refusalBeforeReading(ctx)
    if (refusal) {
      ctx.status = refusal.status
      ctx.body = { message: refusal.message }
      return
    }
    try {
      await next()
    } catch (error) {
      const status = statusOf(error)
      if (status === undefined || status < 400 || status >= 500) throw error
      ctx.status = status
      ctx.body = { message: MESSAGES.notJson }
    }
  }
}
