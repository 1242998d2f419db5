import type { FastifyPluginAsync } from "fastify"
import { WebhookBody, type ApiWebhookBody } from "../../../contract/schemas"
import { MAX_REFS_PER_DELIVERY, MAX_WEBHOOK_BODY_BYTES, WEBHOOK_HEADERS } from "../../../contract/webhook-signature"
import { HttpError } from "../../../node-kit/http-error"
import type { BuildQueue } from "../build-queue"
import { verifyWebhook, webhookVerifiers } from "../verify-webhook"

export const WEBHOOK_PATH = "/hooks/catalogue"

export interface WebhookRouteOptions {
  queue: BuildQueue
  /** PUBLISH_WEBHOOK_SECRET: one or more space-separated `whsec_` secrets. Webhooks are refused (503) without it. */
  webhookSecret: string | undefined
  now: () => number
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
 * Refs are a hint (API.md): what a build reads comes from the changes feed.
 * A sender over the limit gets the meaning of `"refs": []` ("read the
 * changes feed") rather than a refusal, which would lose the edit: the
 * sender is signed and known, only its list is too long to keep.
 */
function boundedRefs(body: ApiWebhookBody): ApiWebhookBody {
  return body.refs.length > MAX_REFS_PER_DELIVERY ? { event: body.event, refs: [] } : body
}

/**
 * POST /hooks/catalogue (API.md, "Changes feed and publish webhook"): a
 * Standard Webhooks delivery, verified, recorded, answered 202 at once; the
 * build happens later. No request schema here, by design: the signature
 * covers the body's exact bytes, so the body is taken raw (at most 1 MiB:
 * 413 above it, before anything is read further), and nothing about the body
 * is judged (or answered) before the sender is known. A delivery whose
 * webhook-id was seen before answers 200 with the job it joined.
 */
export const webhookRoutes: FastifyPluginAsync<WebhookRouteOptions> = async (app, { queue, webhookSecret }) => {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body))
  const verifiers = webhookSecret ? webhookVerifiers(webhookSecret) : []

  app.post(WEBHOOK_PATH, { bodyLimit: MAX_WEBHOOK_BODY_BYTES }, async (request, reply) => {
    if (verifiers.length === 0) throw new HttpError(503, "Webhooks are off: the publisher has no PUBLISH_WEBHOOK_SECRET.")
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    const { headers } = request
    const verdict = verifyWebhook(verifiers, {
      id: headers[WEBHOOK_HEADERS.id],
      timestamp: headers[WEBHOOK_HEADERS.timestamp],
      signature: headers[WEBHOOK_HEADERS.signature],
      rawBody,
    })
    if (!verdict.ok) {
      request.log.warn(`Refused a webhook from ${request.ip}: ${verdict.reason}`)
      throw new HttpError(401, verdict.reason)
    }
    const body = parseBody(rawBody)
    if (body.refs.length > MAX_REFS_PER_DELIVERY) {
      request.log.warn(`Webhook ${verdict.id} names ${body.refs.length} refs (at most ${MAX_REFS_PER_DELIVERY}): read as "read the changes feed"`)
    }
    const outcome = queue.addHook(verdict.id, String(headers[WEBHOOK_HEADERS.signature]), boundedRefs(body))
    if (outcome.duplicate) return reply.code(200).send({ jobId: outcome.jobId, duplicate: true })
    return reply.code(202).send({ jobId: outcome.jobId })
  })
}
