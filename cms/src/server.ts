import type { FastifyInstance } from "fastify"
import { refuseOtherHosts } from "../../node-kit/http/allowed-hosts"
import { createApp } from "../../node-kit/http/app"
import { CatalogueReads } from "./catalogue/database/reads"
import { DEFAULT_TOMBSTONE_DAYS } from "./catalogue/changes"
import { LOCAL_SITE_ORIGINS } from "./config"
import type { CatalogueDatabase } from "./catalogue/database/database"
import { CatalogueMediaNames } from "./media/names"
import { DEFAULT_MEDIA_LIMITS, type MediaLimits } from "./media/jobs"
import { MediaStore } from "./media/store"
import { DEFAULT_SUBSCRIBE_RATE_LIMIT, FixedWindowLimiter, type RateLimitSetting } from "./http-hooks/rate-limit"
import { adminRoutes } from "./admin/routes/admin"
import { apiRoutes } from "./catalogue/routes/api"
import { mediaRoutes } from "./media/routes/media"
import { PLAYER_PAGE_ROUTES, playerRoutes } from "./video-host/routes/player"
import { answerRefusalsAsDeclared, REQUEST_SCHEMA_OPTIONS } from "./http-hooks/request-refusals"
import { videoHostRoutes } from "./video-host/routes/video-host"
import { textTrackRoutes } from "./video-host/routes/text-tracks"
import { WebhookSender, type WebhookOptions } from "./admin/webhook"
import { DraftDesk } from "./admin/drafts"

export interface ServerOptions {
  db: CatalogueDatabase
  /** Where drawn images and their resized variants are cached. */
  mediaDir: string
  /** Where drawn originals are kept instead, when they are shared between servers (CMS_DRAWINGS_DIR). */
  drawingsDir?: string
  /** How many pictures are made at once, wait, and are kept (media/store.ts); default DEFAULT_MEDIA_LIMITS. */
  mediaLimits?: Partial<MediaLimits>
  /** Called with the server's picture store once built, so a test can watch its counts and gate. */
  onMediaStore?: (store: MediaStore) => void
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
  /**
   * The drafts' catalogue (catalogue/database/drafts-database.ts) and CATALOGUE_PREVIEW_TOKEN, the token of its
   * draft view (null: the draft view answers 401). Null or unset: the catalogue keeps no drafts, as a
   * backend written before "Drafts and preview" (CMS_DRAFTS=off).
   */
  drafts?: { db: CatalogueDatabase; previewToken: string | null } | null
  /** The admin API's bearer token; null or unset: the admin API answers 403 (off, never open; no token could help). */
  adminToken?: string | null
  /** Host names requests may be sent to besides addresses and localhost (DNS rebinding); default none. */
  allowedHosts?: readonly string[]
  /** The site origins whose pages may POST /api/subscribe (CORS); default LOCAL_SITE_ORIGINS. */
  subscribeOrigins?: readonly string[]
  /** How long a client may take to send a whole request (headers and body); default the kit's REQUEST_TIMEOUT_MS (node-kit/http/app.ts). */
  requestTimeoutMs?: number
  /** POST /api/subscribe's limit per client address; null: none. Default DEFAULT_SUBSCRIBE_RATE_LIMIT. */
  subscribeRateLimit?: RateLimitSetting | null
  /** Fastify's trustProxy: the proxies whose X-Forwarded-For (the client's address) and X-Forwarded-Host are believed. */
  trustProxy?: string
  /**
   * The origin the player links name (VIDEO_PLAYER_ORIGIN, `https://player.vimeo.com`): the video host
   * answers `{origin}/video/{path}`, and the player page (with its pictures) answers to that host name.
   * Unset or null: this server's own origin and /player/{path}.
   */
  playerOrigin?: string | null
}

/** Largest request body accepted: a subscription is a few dozen bytes. */
export const BODY_LIMIT_BYTES = 16 * 1024

/**
 * The published catalogue's reads and, with drafts, the draft view's; and
 * what each names for `/media` and the video host stand-in: the published
 * pictures and videos for everyone, and those only drafts name for the
 * preview build alone, with the draft view's token (none while it is off).
 */
function catalogueViews(options: ServerOptions) {
  const reads = new CatalogueReads(options.db)
  const drafts = options.drafts ? { db: options.drafts.db, reads: new CatalogueReads(options.drafts.db, { draftView: true }) } : null
  const mediaNames = new CatalogueMediaNames(options.db)
  const draftMediaNames = drafts ? new CatalogueMediaNames(drafts.db) : null
  const previewToken = options.drafts?.previewToken ?? null
  return {
    reads,
    drafts,
    mediaNames,
    draftMedia: draftMediaNames && previewToken !== null ? { names: draftMediaNames, token: previewToken } : null,
    /** Each editor's write may name new pictures: /media reads the names again. */
    forgetMediaNames: () => [mediaNames, draftMediaNames].forEach((names) => names?.forget()),
    draftVideos: drafts && previewToken !== null ? { reads: drafts.reads, token: previewToken } : null,
  }
}

export function buildServer(options: ServerOptions): FastifyInstance {
  // Fastify's own pino logger (LOG_LEVEL, LOG_FORMAT): app.log for the server's code, request.log in routes.
  const app = createApp({
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeoutMs: options.requestTimeoutMs,
    trustProxy: options.trustProxy,
    errors: {
      serverErrorMessage: "Something went wrong on the catalogue server.",
      messages: { FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send JSON like {"email": "you@example.com"}.' },
    },
    fastify: { ajv: { customOptions: REQUEST_SCHEMA_OPTIONS } },
  })
  answerRefusalsAsDeclared(app)
  // Before routing, so no answer at all goes to a page that rebound its own name to this server.
  // The player's host name reaches the public player page and its pictures only, never the APIs.
  const playerHosts = options.playerOrigin ? [new URL(options.playerOrigin).hostname] : []
  const playerPage = new Set<string>([...PLAYER_PAGE_ROUTES, "/media/:name"])
  refuseOtherHosts(app, options.allowedHosts ?? [], "CMS_ALLOWED_HOSTS", (request) => (playerPage.has(request.routeOptions.url ?? "") ? playerHosts : []))
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: `There is nothing at ${request.method} ${request.url}.` }))

  const { reads, drafts, mediaNames, draftMedia, forgetMediaNames, draftVideos } = catalogueViews(options)
  const limiter = new FixedWindowLimiter(options.videoRateLimit ?? null)
  // Videos an editor has taken off the host while the catalogue still names them.
  const withdrawnVideos = new Set<string>()
  const tombstoneDays = options.tombstoneDays ?? DEFAULT_TOMBSTONE_DAYS
  const webhookLog = (line: string, level: "info" | "error") => app.log[level](line)
  const webhook = options.webhook ? new WebhookSender({ log: webhookLog, ...options.webhook, db: options.db }) : undefined
  // Retries stop with the server; what is undelivered stays in the outbox table for the next start.
  app.addHook("onClose", async () => webhook?.close())

  app.get("/health", async () => ({ status: "ok" }))
  app.register(apiRoutes, {
    prefix: "/api",
    db: options.db,
    reads,
    drafts: drafts && options.drafts ? { ...drafts, token: options.drafts.previewToken } : null,
    siteSettings: options.siteSettings,
    changes: options.changes === false ? false : { retentionDays: tombstoneDays },
    subscribeRateLimit: options.subscribeRateLimit === undefined ? DEFAULT_SUBSCRIBE_RATE_LIMIT : options.subscribeRateLimit,
    subscribeOrigins: options.subscribeOrigins ?? LOCAL_SITE_ORIGINS,
  })
  const videoAccess = { reads, drafts: draftVideos, token: options.videoApiToken, limiter, withdrawnVideos }
  app.register(videoHostRoutes, { prefix: "/video-host", ...videoAccess, playerOrigin: options.playerOrigin })
  app.register(textTrackRoutes, { prefix: "/video-host", ...videoAccess })
  app.register(playerRoutes, { reads, drafts: draftVideos, withdrawnVideos })
  const mediaStore = new MediaStore(options.mediaDir, { ...DEFAULT_MEDIA_LIMITS, ...options.mediaLimits }, options.drawingsDir)
  options.onMediaStore?.(mediaStore)
  app.register(mediaRoutes, { store: mediaStore, names: mediaNames, drafts: draftMedia })
  app.register(adminRoutes, {
    prefix: "/admin",
    token: options.adminToken ?? null,
    db: options.db,
    reads,
    limiter,
    withdrawnVideos,
    tombstoneDays,
    drafts: drafts && { ...drafts, desk: new DraftDesk(options.db, drafts.db, (line) => app.log.warn(line)) },
    published: (result) => (forgetMediaNames(), webhook?.notify(result)),
    drafted: (result) => (forgetMediaNames(), webhook?.notifyDraft(result)),
  })
  return app
}
