import Fastify, { type FastifyError, type FastifyInstance } from "fastify"
import { DEFAULT_TOMBSTONE_DAYS } from "./changes"
import type { CatalogueDatabase } from "./database"
import { FixedWindowLimiter, type RateLimitSetting } from "./rate-limit"
import { adminRoutes } from "./routes/admin"
import { catalogueRoutes } from "./routes/catalogue"
import { mediaRoutes } from "./routes/media"
import { playerRoutes } from "./routes/player"
import { videoHostRoutes } from "./routes/video-host"
import { WebhookSender, type WebhookOptions } from "./webhook"

export interface ServerOptions {
  db: CatalogueDatabase
  /** Where drawn images are cached. */
  mediaDir: string
  /** The bearer token the stand-in video host accepts. */
  videoApiToken: string
  videoRateLimit?: RateLimitSetting | null
  /** false: GET /api/site-settings answers 404, as a backend without site settings does. Default true. */
  siteSettings?: boolean
  /** false: GET /api/changes answers 404, as a backend without a changes feed does. Default true. */
  changes?: boolean
  /** Days deletions are remembered for the changes feed; default 30. Fractions allowed (tests). */
  tombstoneDays?: number
  /** Where and how to send the publish webhook after each admin write; none when unset. */
  webhook?: WebhookOptions | null
}

/** Largest request body accepted: a subscription is a few dozen bytes. */
export const BODY_LIMIT_BYTES = 16 * 1024

/** Messages a caller can act on for Fastify's own request errors. */
function messageFor(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return `The request body is larger than ${BODY_LIMIT_BYTES / 1024} KiB.`
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "The request body is not valid JSON."
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return 'The request body is empty; send JSON like {"email": "you@example.com"}.'
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Send the request body as application/json."
  }
  if (error instanceof SyntaxError) return "The request body is not valid JSON."
  return (error.statusCode ?? 500) < 500 ? error.message : "Something went wrong on the catalogue server."
}

export function buildServer(options: ServerOptions): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES })
  const limiter = new FixedWindowLimiter(options.videoRateLimit ?? null)
  // Videos an editor has taken off the host while the catalogue still names them.
  const withdrawnVideos = new Set<string>()

  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500
    if (status >= 500) console.error(`${request.method} ${request.url} failed:`, error)
    return reply.status(status).send({ message: messageFor(error) })
  })
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `There is nothing at ${request.method} ${request.url}.` }),
  )

  const tombstoneDays = options.tombstoneDays ?? DEFAULT_TOMBSTONE_DAYS
  const webhook = options.webhook ? new WebhookSender(options.webhook) : undefined
  // Pending deliveries and their retries end with the server.
  app.addHook("onClose", async () => webhook?.close())

  app.get("/health", async () => ({ status: "ok" }))
  app.register(catalogueRoutes, {
    prefix: "/api",
    db: options.db,
    siteSettings: options.siteSettings,
    changes: options.changes === false ? false : { retentionDays: tombstoneDays },
  })
  app.register(videoHostRoutes, {
    prefix: "/video-host",
    db: options.db,
    token: options.videoApiToken,
    limiter,
    withdrawnVideos,
  })
  app.register(playerRoutes, { db: options.db, withdrawnVideos })
  app.register(mediaRoutes, { mediaDir: options.mediaDir })
  app.register(adminRoutes, {
    prefix: "/admin",
    db: options.db,
    limiter,
    withdrawnVideos,
    tombstoneDays,
    published: (result) => webhook?.notify(result),
  })
  return app
}
