import type { FastifyError, FastifyPluginAsync, FastifyRequest } from "fastify"
import { WebhookBody, type ApiWebhookBody } from "../../../../contract/schemas"
import { MAX_REFS_PER_DELIVERY, MAX_WEBHOOK_BODY_BYTES, WEBHOOK_HEADERS } from "../../../../contract/webhook-signature"
import { HttpError } from "../../../../node-kit/http/http-error"
import type { BuildQueue } from "../../jobs/build-queue"
import { checkWebhookHeaders, verifyWebhook, type VerifyRefusal, type WebhookKey } from "../verify-webhook"
import type { WebhookRefusals } from "../webhook-refusals"

export const WEBHOOK_PATH = "/hooks/catalogue"

export interface WebhookRouteOptions {
  queue: BuildQueue
  /** The preview lane's queue: a draft builds there only, a publish there too (after the live build, lanes.ts). */
  previewQueue?: BuildQueue
  /** PUBLISH_WEBHOOK_SECRET's keys, one per secret (a rotation); webhooks are refused (503) without them. */
  webhookKeys: readonly WebhookKey[] | undefined
  now: () => number
  /** Counts and limits refusals per address (webhook-refusals.ts); GET /status reports the same counts. */
  refusals: WebhookRefusals
}

function parseBody(rawBody: Buffer): ApiWebhookBody {
  let json: unknown
  try {
    json = JSON.parse(rawBody.toString("utf8"))
  } catch {
    throw new HttpError(400, "The body is not JSON.")
  }
  const body = WebhookBody.safeParse(json)
  if (!body.success) {
    const issue = body.error.issues[0]
    throw new HttpError(400, `The body is not { event, refs }: ${issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "wrong shape"}`)
  }
  return body.data
}

/**
 * Refs are a hint (catalogue-api.md): what a build reads comes from the changes feed.
 * A sender over the limit gets the meaning of `"refs": []` ("read the
 * changes feed") rather than a refusal, which would lose the edit: the
 * sender is signed and known, only its list is too long to keep.
 */
function boundedRefs(body: ApiWebhookBody): ApiWebhookBody {
  return body.refs.length > MAX_REFS_PER_DELIVERY ? { event: body.event, refs: [] } : body
}

/** A declared length over the limit: refused from the headers, before Fastify would start reading. */
function declaredTooLarge(request: FastifyRequest): boolean {
  const length = Number(request.headers["content-length"])
  return Number.isFinite(length) && length > MAX_WEBHOOK_BODY_BYTES
}

/**
 * The largest delivery still read and verified from an address over its
 * refusal limit: a CMS's delivery names a few refs (about 40 bytes each;
 * over 1 500 here), and a larger change may be sent as `"refs": []`. Its
 * HMAC costs microseconds, so a flood of forged ones from the CMS's own
 * address (behind one NAT or proxy) cannot keep its signed deliveries out,
 * while a megabyte from that address is still refused unread.
 */
export const LIMITED_ADDRESS_BODY_BYTES = 64 * 1024

/** A declared length small enough to verify from an address over its limit (a chunked body has none: refused). */
function smallEnoughWhenLimited(request: FastifyRequest): boolean {
  const length = Number(request.headers["content-length"] ?? Number.NaN)
  return Number.isFinite(length) && length <= LIMITED_ADDRESS_BODY_BYTES
}

/** 429 with Retry-After, counted as rateLimited. */
function tooManyRefusals(refusals: WebhookRefusals, request: FastifyRequest, waitMs: number): HttpError {
  refusals.limitedFor(request.ip)
  const seconds = Math.max(1, Math.ceil(waitMs / 1000))
  return new HttpError(429, `Too many refused webhooks from this address; try again in ${seconds} s.`, { headers: { "Retry-After": String(seconds) } })
}

/**
 * Everything the headers alone decide, on arrival (`onRequest`, before the
 * body is read): an address that earned too many refusals gets 429 and
 * Retry-After, unless its delivery is small enough to verify anyway
 * (LIMITED_ADDRESS_BODY_BYTES), so junk from a shared address never starves
 * the signed deliveries from it; then 503 without a secret, 413 for a
 * declared length over the limit, 401 for headers that no secret could
 * make valid (429 for a limited address). A forger who fails here costs us
 * a header read, not a megabyte and an HMAC.
 */
function onArrival(refusals: WebhookRefusals, webhooksOn: boolean, now: () => number) {
  return async (request: FastifyRequest): Promise<void> => {
    const waitMs = refusals.waitMs(request.ip)
    if (waitMs !== undefined && !smallEnoughWhenLimited(request)) throw tooManyRefusals(refusals, request, waitMs)
    if (!webhooksOn) throw new HttpError(503, "Webhooks are off: the publisher has no PUBLISH_WEBHOOK_SECRET.")
    if (declaredTooLarge(request)) {
      refusals.refuse(request.ip, "tooLarge", `a body of ${request.headers["content-length"]} bytes`)
      throw new HttpError(413, `The request body is larger than ${MAX_WEBHOOK_BODY_BYTES / 1024} KiB.`)
    }
    const verdict = checkWebhookHeaders(webhookHeaders(request), now())
    if (!verdict.ok) throw refused(refusals, request, verdict)
  }
}

/** Counts a refusal and answers it: 401 with the reason, or, from an address over its limit already, 429 (counted as rateLimited). */
function refused(refusals: WebhookRefusals, request: FastifyRequest, verdict: { code: VerifyRefusal; reason: string }): HttpError {
  const waitMs = refusals.waitMs(request.ip)
  if (waitMs !== undefined) return tooManyRefusals(refusals, request, waitMs)
  refusals.refuse(request.ip, verdict.code, verdict.reason)
  return new HttpError(401, verdict.reason)
}

const webhookHeaders = (request: FastifyRequest) => ({
  id: request.headers[WEBHOOK_HEADERS.id],
  timestamp: request.headers[WEBHOOK_HEADERS.timestamp],
  signature: request.headers[WEBHOOK_HEADERS.signature],
})

/**
 * POST /hooks/catalogue (catalogue-api.md, "Changes feed and publish webhook"): a
 * Standard Webhooks delivery, verified, recorded, answered 202 at once; the
 * build happens later. No request schema here, by design: the signature
 * covers the body's exact bytes, so the body is taken raw (at most 1 MiB),
 * and nothing about the body is judged (or answered) before the sender is
 * known. What the headers decide is decided before the body is read
 * (onArrival); refusals are counted and limited per address
 * (webhook-refusals.ts). A delivery whose webhook-id was seen before
 * answers 200 with the job it joined.
 */
export const webhookRoutes: FastifyPluginAsync<WebhookRouteOptions> = async (app, { queue, previewQueue, webhookKeys, now, refusals }) => {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body))
  const keys = webhookKeys ?? []
  const flushing = setInterval(() => refusals.flush(), refusals.windowMs).unref()
  app.addHook("onClose", async () => {
    clearInterval(flushing)
    refusals.flush()
  })

  // A body over the limit with no declared length (chunked) is only found while reading: Fastify's 413, counted here.
  const onError = async (request: FastifyRequest, _reply: unknown, error: FastifyError) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") refusals.refuse(request.ip, "tooLarge", "a body over the limit")
  }

  app.post(WEBHOOK_PATH, { bodyLimit: MAX_WEBHOOK_BODY_BYTES, onRequest: onArrival(refusals, keys.length > 0, now), onError }, async (request, reply) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    const verdict = verifyWebhook(keys, { ...webhookHeaders(request), rawBody }, now())
    if (!verdict.ok) throw refused(refusals, request, verdict)
    const body = parseBody(rawBody)
    if (body.refs.length > MAX_REFS_PER_DELIVERY) {
      request.log.warn(`Webhook ${verdict.id} names ${body.refs.length} refs (at most ${MAX_REFS_PER_DELIVERY}): read as "read the changes feed"`)
    }
    const signature = String(request.headers[WEBHOOK_HEADERS.signature])
    // Each lane records the delivery in its own store, so each dedupes a resent one by itself. The live
    // lane first: queued there, it holds the preview's build back (lanes.ts).
    const addToPreview = () => {
      const outcome = previewQueue?.addHook(verdict.id, signature, boundedRefs(body))
      return outcome ? { previewJobId: outcome.jobId } : {}
    }
    // A draft changes the draft view only (catalogue-api.md, "Drafts and preview"): nothing the live site shows.
    if (body.event === "draft") {
      const note = previewQueue ? "A draft changes the preview only." : "A draft changes nothing on the live site, and this publisher has no preview lane."
      return reply.code(202).send({ jobId: null, ...addToPreview(), note })
    }
    const outcome = queue.addHook(verdict.id, signature, boundedRefs(body))
    const preview = addToPreview()
    if (outcome.duplicate) return reply.code(200).send({ jobId: outcome.jobId, ...preview, duplicate: true })
    return reply.code(202).send({ jobId: outcome.jobId, ...preview })
  })
}
