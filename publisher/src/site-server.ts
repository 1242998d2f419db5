import { timingSafeEqual } from "node:crypto"
import Fastify, { type FastifyInstance } from "fastify"
import { WebhookBody } from "../../contract/schemas"
import { createStaticHandler } from "../../node-kit/static-server"
import type { BuildQueue } from "./build-queue"
import type { JobStore } from "./job-store"
import { liveReleaseRoot } from "./releases"
import { rollback, RollbackError } from "./rollback"
import { statusReport } from "./status"
import { renderStatusPage, STATUS_PAGE_PATH } from "./status-page"
import { verifyWebhook } from "./verify-webhook"

export const WEBHOOK_PATH = "/hooks/catalogue"
export const ROLLBACK_PATH = "/releases/rollback"
export const STATUS_PATH = "/status"

export interface SiteServerDeps {
  dataDir: string
  store: JobStore
  queue: BuildQueue
  webhookSecret: string | undefined
  adminToken: string | undefined
  log: (line: string) => void
  now?: () => number
}

const header = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined)

function sameSecret(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)]
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * One fastify app on one port: the webhook, the status for editors, the
 * rollback for operators, and for every other GET or HEAD the live release,
 * served by the project's static handler (node-kit/static-server.ts)
 * with brotli and gzip.
 */
export function buildSiteServer(deps: SiteServerDeps): FastifyInstance {
  const now = deps.now ?? Date.now
  // Site paths can be long (/_gatsby/image/<hash>/<hash>/<name>.webp); they never reach a route parameter anyway.
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 })

  const serveSite = createStaticHandler({ root: () => liveReleaseRoot(deps.dataDir), encodings: ["br", "gzip"] })
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return reply.code(404).send({ message: `No ${request.method} ${request.url} here` })
    }
    reply.hijack()
    await serveSite(request.raw, reply.raw)
  })

  // The webhook needs its body's exact bytes: the signature covers them, not fastify's parse of them.
  void app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers()
    hooks.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body))

    hooks.post(WEBHOOK_PATH, async (request, reply) => {
      if (!deps.webhookSecret) {
        return reply.code(503).send({ message: "Webhooks are off: the publisher has no PUBLISH_WEBHOOK_SECRET." })
      }
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const signature = header(request.headers["x-catalogue-signature"])
      const verdict = verifyWebhook(
        deps.webhookSecret,
        { timestamp: request.headers["x-catalogue-timestamp"], signature, rawBody },
        now(),
      )
      if (!verdict.ok) {
        deps.log(`Refused a webhook from ${request.ip}: ${verdict.reason}`)
        return reply.code(401).send({ message: verdict.reason })
      }
      // Only now, with the sender known, is the body worth reading.
      let json: unknown
      try {
        json = JSON.parse(rawBody.toString("utf8"))
      } catch {
        return reply.code(400).send({ message: "The body is not JSON." })
      }
      const body = WebhookBody.safeParse(json)
      if (!body.success) {
        const issue = body.error.issues[0]
        return reply.code(400).send({ message: `The body is not { event, refs }: ${issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "wrong shape"}` })
      }
      const eventId = header(request.headers["x-catalogue-event"])?.trim()
      if (!eventId || eventId.length > 200) return reply.code(400).send({ message: "X-Catalogue-Event is missing." })

      const outcome = deps.queue.addHook(eventId, signature ?? "", body.data)
      if (outcome.duplicate) return reply.code(200).send({ jobId: outcome.jobId, duplicate: true })
      return reply.code(202).send({ jobId: outcome.jobId })
    })
  })

  app.get(STATUS_PATH, async (_request, reply) =>
    reply
      .header("Cache-Control", "no-store")
      .send(statusReport({ store: deps.store, dataDir: deps.dataDir, webhooksOn: Boolean(deps.webhookSecret), now: now() })),
  )
  const statusPage = async (_request: unknown, reply: import("fastify").FastifyReply) =>
    reply
      .header("Cache-Control", "no-store")
      // No script, no outside resource: a hostile line in a build log stays text even if escaping had a hole.
      .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'")
      .type("text/html; charset=utf-8")
      .send(renderStatusPage(statusReport({ store: deps.store, dataDir: deps.dataDir, webhooksOn: Boolean(deps.webhookSecret), now: now() })))
  app.get(STATUS_PAGE_PATH, statusPage)
  app.get(STATUS_PAGE_PATH.replace(/\/$/, ""), async (_request, reply) => reply.redirect(STATUS_PAGE_PATH))

  app.post<{ Body: { releaseId?: unknown } | undefined; Querystring: { releaseId?: string } }>(
    ROLLBACK_PATH,
    {
      // Checked on arrival, before fastify reads the body: an unauthenticated request gets 401 whatever it sends.
      onRequest: async (request, reply) => {
        if (!deps.adminToken) {
          return reply.code(503).send({ message: "Rollback over HTTP is off: the publisher has no PUBLISHER_ADMIN_TOKEN." })
        }
        const given = /^Bearer (.+)$/.exec(header(request.headers.authorization) ?? "")?.[1] ?? ""
        if (!sameSecret(given, deps.adminToken)) {
          return reply.code(401).header("WWW-Authenticate", "Bearer").send({ message: "Rollback needs Authorization: Bearer <PUBLISHER_ADMIN_TOKEN>." })
        }
      },
    },
    async (request, reply) => {
      const fromBody = request.body && typeof request.body === "object" ? request.body.releaseId : undefined
      const releaseId = typeof fromBody === "string" ? fromBody : request.query.releaseId
      try {
        const result = rollback({ dataDir: deps.dataDir, store: deps.store, releaseId, now: now() })
        deps.log(`Rolled back from ${result.from ?? "nothing"} to ${result.to}`)
        return reply.send(result)
      } catch (error) {
        if (error instanceof RollbackError) return reply.code(409).send({ message: error.message })
        throw error
      }
    },
  )

  return app
}
