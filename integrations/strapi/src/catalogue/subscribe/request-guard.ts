import { MESSAGES } from "./answers"
import { clientKey } from "./client-key"
import { FOREIGN_FORM_MESSAGE, formOutcome, isFormType, siteOriginOf, subscribeOutcomePath } from "./form"
import { ClientLimiter, tooManyMessage, type RateLimitSetting } from "./rate-limit"

/** A sign-up is a few dozen bytes of JSON or form: this is room to spare, not room to fill. */
export const SUBSCRIBE_BODY_LIMIT_BYTES = 4096

/** The path of the contract's POST /subscribe under Strapi's content API prefix. */
export const SUBSCRIBE_PATH = "/api/subscribe"

/** What the guard uses of Koa's context. */
export interface GuardedContext {
  method: string
  path: string
  /** Koa's client address: X-Forwarded-For's only when Strapi's server.proxy trusts a proxy. */
  ip: string
  get(header: string): string
  set(header: string, value: string): void
  redirect(url: string): void
  status: number
  body: unknown
}

export interface GuardOptions {
  /** The site's origins (site-origins.ts): a form from any other is refused and never redirected to. */
  siteOrigins: readonly string[]
  /** Sign-ups per client per window; null: none. */
  rateLimit: RateLimitSetting | null
  /** Where a failure a form's sender is only redirected for is still told (Strapi's log). */
  logError?: (error: unknown) => void
}

/** Why a POST /subscribe is refused before its body is read, or undefined when it may be read. */
export function refusalBeforeReading(ctx: Pick<GuardedContext, "get">): { status: number; message: string } | undefined {
  const length = ctx.get("content-length")
  const type = ctx.get("content-type").toLowerCase()
  if (!type.startsWith("application/json") && !isFormType(type)) {
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

type Reply = (status: number, message: string) => void

/**
 * How the request is answered: a JSON call with the status and the
 * contract's `{ message }`; a form with 303 to the sending site's page for
 * what happened (the address never in the URL), or 403 when no page of the
 * site sent it.
 */
function replierFor(ctx: GuardedContext, siteOrigins: readonly string[]): { form: boolean; origin?: string; reply: Reply } {
  const json: Reply = (status, message) => {
    ctx.status = status
    ctx.body = { message }
  }
  if (!isFormType(ctx.get("content-type"))) return { form: false, reply: json }
  const origin = siteOriginOf(ctx.get("origin"), siteOrigins)
  const redirect: Reply = (status) => {
    if (!origin) return json(403, FOREIGN_FORM_MESSAGE)
    ctx.set("Cache-Control", "no-store")
    ctx.status = 303
    ctx.redirect(`${origin}${subscribeOutcomePath(formOutcome(status))}`)
  }
  return { form: true, origin, reply: redirect }
}

/**
 * POST /subscribe's request, before Strapi's body parser (whose limits are
 * the admin's: a megabyte of JSON, file uploads) reads it: counted against
 * its client's limit on arrival, so one client cannot fill the list or the
 * disk; a form taken from the site's own pages alone; JSON or a form,
 * announced with its length and at most SUBSCRIBE_BODY_LIMIT_BYTES. Every
 * other request passes untouched.
 */
export function subscribeRequestGuard(options: GuardOptions) {
  const limiter = new ClientLimiter(options.rateLimit)
  return async (ctx: GuardedContext, next: () => Promise<unknown>) => {
    if (ctx.method !== "POST" || ctx.path !== SUBSCRIBE_PATH) return next()
    const { form, origin, reply } = replierFor(ctx, options.siteOrigins)
    const waitMs = limiter.take(clientKey(ctx.ip))
    if (waitMs > 0) {
      ctx.set("Retry-After", String(Math.ceil(waitMs / 1000)))
      return reply(429, tooManyMessage(waitMs))
    }
    if (form && !origin) return reply(403, FOREIGN_FORM_MESSAGE)
    const refusal = refusalBeforeReading(ctx)
    if (refusal) return reply(refusal.status, refusal.message)
    try {
      await next()
    } catch (error) {
      const status = statusOf(error)
      // A body the parser cannot read is the contract's `{ message }` rather than Strapi's error shape.
      if (status !== undefined && status >= 400 && status < 500) return reply(status, MESSAGES.notJson)
      if (!form) throw error
      // The form's sender is only sent to the "unavailable" page: the failure itself goes to the log.
      options.logError?.(error)
      return reply(500, "")
    }
    if (form) reply(ctx.status, "")
  }
}
