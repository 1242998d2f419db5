import type { FastifyPluginAsync } from "fastify"
import { WebhookBody } from "../../../contract/schemas"
import { HttpError } from "../../../node-kit/http-error"
import type { BuildQueue } from "../build-queue"
import { verifyWebhook } from "../verify-webhook"

export const WEBHOOK_PATH = "/hooks/catalogue"

export interface WebhookRouteOptions {
  queue: BuildQueue
  /** Webhooks are refused (503) without it. */
  webhookSecret: string | undefined
  now: () => number
}

const header = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined)

function parseBody(rawBody: Buffer) {
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
 * POST /hooks/catalogue (API.md, "Publish webhook"): verify, record, answer
 * 202 at once; the build happens later. No request schema here, by design:
 * the signature covers the body's exact bytes, so the body is taken raw,
 * and nothing about the body or the headers is judged (or answered) before
 * the sender is known. The body's shape is the contract's own schema.
 */
export const webhookRoutes: FastifyPluginAsync<WebhookRouteOptions> = async (app, { queue, webhookSecret, now }) => {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body))

  app.post(WEBHOOK_PATH, async (request, reply) => {
    if (!webhookSecret) throw new HttpError(503, "Webhooks are off: the publisher has no PUBLISH_WEBHOOK_SECRET.")
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    const signature = header(request.headers["x-catalogue-signature"])
    const verdict = verifyWebhook(webhookSecret, { timestamp: request.headers["x-catalogue-timestamp"], signature, rawBody }, now())
    if (!verdict.ok) {
      request.log.warn(`Refused a webhook from ${request.ip}: ${verdict.reason}`)
      throw new HttpError(401, verdict.reason)
    }
    const body = parseBody(rawBody)
    const eventId = header(request.headers["x-catalogue-event"])?.trim()
    if (!eventId || eventId.length > 200) throw new HttpError(400, "X-Catalogue-Event is missing.")

    const outcome = queue.addHook(eventId, signature ?? "", body)
    if (outcome.duplicate) return reply.code(200).send({ jobId: outcome.jobId, duplicate: true })
    return reply.code(202).send({ jobId: outcome.jobId })
  })
}
