import rateLimit from "@fastify/rate-limit"
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from "fastify"
import { isValidEmail } from "../../../../contract/email"
import { subscribeOutcomePath, type SubscribeFormOutcome } from "../../../../contract/subscribe-form"
import { HttpError } from "../../../../node-kit/http/http-error"
import type { CatalogueDatabase } from "../database/database"
import type { RateLimitSetting } from "../../http-hooks/rate-limit"
import { addSubscription } from "../subscriptions"

/**
 * Addresses at these reserved `.test` domains make the server answer the
 * error cases of docs/reference/spec.md section 8, so browser tests can see each message.
 * They are checked after validation and never stored.
 */
export const SIMULATED_FAILURES = {
  "reject.test": "success-false",
  "fail.test": "server-error",
  "fail-silently.test": "server-error-without-message",
  "no-response.test": "no-response",
} as const

/** What `POST /subscribe` takes: an object with a string `email`; other fields are ignored. */
const SUBSCRIBE_BODY = {
  type: "object",
  properties: { email: { type: "string" } },
  required: ["email"],
} as const

/** The refusal of a body the schema does not take, in the words catalogue-api.md's clients have always shown. */
function refusal(errors: readonly FastifySchemaValidationError[]): HttpError {
  const notAnObject = errors.some((error) => error.instancePath === "" && error.keyword === "type")
  return new HttpError(400, notAnObject ? 'Send a JSON object like {"email": "you@example.com"}.' : "email must be a string.")
}

/**
 * The one answer to an accepted address, new or already on the list: telling
 * them apart would let anyone test who is subscribed. Either way the visitor
 * is where they asked to be, so docs/reference/spec.md's success path (the thank-you page)
 * is the truth for both.
 */
export const SUBSCRIBED_MESSAGE = "Thank you for subscribing!"

/** The 429's message: what happened and when to try again, in words the footer can show as they are. */
function tooManyMessage(waitMs: number): string {
  const minutes = Math.ceil(waitMs / 60_000)
  const wait = waitMs < 60_000 ? `${Math.max(1, Math.ceil(waitMs / 1000))} seconds` : `${minutes} minute${minutes === 1 ? "" : "s"}`
  return `Too many sign-ups from your network just now. Your address was not sent: please try again in ${wait}.`
}

export interface SubscribeOptions {
  db: CatalogueDatabase
  /** The site origins whose pages may sign up; a form from any other is refused, and never redirected to. */
  siteOrigins: readonly string[]
  /** Requests per client (request.ip, the proxy's X-Forwarded-For when trusted; IPv6 by its /64) per window; null: no limit. */
  rateLimit: RateLimitSetting | null
}

/** `POST /subscribe` (under /api): the newsletter sign-up of docs/reference/spec.md section 8. */
export async function subscribeRoute(app: FastifyInstance, options: SubscribeOptions) {
  // The limit is counted on arrival, before the body is read: one client cannot fill the list or the disk.
  // Its 429 carries Retry-After (seconds) and the message; CORS headers are already on it, so the footer can read it.
  await app.register(rateLimit, {
    global: false,
    // A client by its address, an IPv6 one by its /64: one line or host is handed a whole /64 and picks
    // any address in it at will. @fastify/rate-limit 11.2 does so by default; said here, where the limit is declared.
    ipv6Subnet: 64,
    errorResponseBuilder: (_request, context) => new HttpError(context.statusCode, tooManyMessage(context.ttl)),
  })
  const limit = options.rateLimit && { max: options.rateLimit.limit, timeWindow: options.rateLimit.windowSeconds * 1000 }

  // The footer's form without JavaScript posts itself (docs/reference/screens.md, "Before and without JavaScript").
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: FORM_LIMIT_BYTES }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )
  // A form is answered with the site's page for what happened, whatever refused it (the limit, the schema,
  // a failure); a JSON call goes on to the server's one error handler, as before.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (!isForm(request)) throw error
    const status = error.statusCode ?? 500
    return answerForm(request, reply, status === 429 ? "too-many" : status < 500 ? "invalid-address" : "unavailable")
  })

  app.post<{ Body: { email: string } }>(
    "/subscribe",
    {
      schema: { body: SUBSCRIBE_BODY },
      config: { refuse: (_request, errors) => refusal(errors), ...(limit ? { rateLimit: limit } : {}) },
    },
    async (request, reply) => {
      // Any page can make a browser post a form (no preflight): only the site's own are taken.
      if (isForm(request) && !formOrigin(request, options.siteOrigins)) throw new HttpError(403, FOREIGN_FORM_MESSAGE)
      const address = request.body.email.trim()
      if (!isValidEmail(address)) throw new HttpError(400, "Please enter a valid email address.")

      const domain = address.slice(address.lastIndexOf("@") + 1).toLowerCase()
      const simulated = SIMULATED_FAILURES[domain as keyof typeof SIMULATED_FAILURES]
      if (simulated === "no-response") {
        request.raw.socket.destroy()
        return reply.hijack()
      }
      if (isForm(request)) {
        if (!simulated) addSubscription(options.db, address)
        return answerForm(request, reply, simulated === "success-false" ? "not-subscribed" : simulated ? "unavailable" : "subscribed")
      }
      switch (simulated) {
        case "success-false":
          return { success: false, message: "This address cannot be subscribed right now." }
        case "server-error":
          return reply.status(500).send({ message: "The mailing list is temporarily unavailable." })
        case "server-error-without-message":
          return reply.status(503).send({})
      }

      addSubscription(options.db, address)
      return { success: true, message: SUBSCRIBED_MESSAGE }
    },
  )

  /** 303 to the sending site's page for `outcome`; a form from elsewhere gets a plain 403 and goes nowhere. */
  function answerForm(request: FastifyRequest, reply: FastifyReply, outcome: SubscribeFormOutcome) {
    const origin = formOrigin(request, options.siteOrigins)
    if (!origin) return reply.status(403).send({ message: FOREIGN_FORM_MESSAGE })
    return reply.header("Cache-Control", "no-store").redirect(`${origin}${subscribeOutcomePath(outcome)}`, 303)
  }
}

/** An address and a form's other fields are a few hundred bytes; this is room to spare, not room to fill. */
const FORM_LIMIT_BYTES = 4096

const FOREIGN_FORM_MESSAGE = "This form can only be sent from the site's own pages."

const isForm = (request: FastifyRequest) => (request.headers["content-type"] ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded")

/** The page's origin a browser sends with a form (Origin), when it is one of the site's; null otherwise. */
function formOrigin(request: FastifyRequest, siteOrigins: readonly string[]): string | null {
  const origin = request.headers.origin
  return typeof origin === "string" && siteOrigins.includes(origin) ? origin : null
}
