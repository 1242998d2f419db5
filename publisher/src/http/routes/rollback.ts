import type { FastifyPluginAsync } from "fastify"
import type { CdnPurgeQueue } from "../../cdn/purge-queue"
import { EVERYTHING } from "../../cdn/release-purge"
import type { SwitchStore } from "../../jobs/store/switch-store"
import { rollback } from "../../releases/rollback"
import { refuseOtherAdminHosts, requireAdminToken, type AdminAccess } from "./admin-access"

export const ROLLBACK_PATH = "/releases/rollback"

export interface RollbackRouteOptions {
  dataDir: string
  switches: SwitchStore
  /** The endpoint is off (503) without its token. */
  access: AdminAccess
  /** A rollback changes what the site serves: every CDN forgets everything. */
  purges?: CdnPurgeQueue
  now: () => number
}

/** A release id as releases.ts makes them; anything else is refused by the schema before it nears the file system. */
const RELEASE_ID = { type: "string", pattern: "^[0-9A-Za-z][0-9A-Za-z._-]*$", maxLength: 200 } as const

interface RollbackRequest {
  Body: { releaseId?: string } | undefined
  Querystring: { releaseId?: string }
}

const OFF_MESSAGE = "Rollback over HTTP is off: the publisher has no PUBLISHER_ADMIN_TOKEN."

/**
 * POST /releases/rollback with `Authorization: Bearer <PUBLISHER_ADMIN_TOKEN>`
 * (never a browser's Basic password: a browser would send that with another
 * site's forged POST too): makes `releaseId` (body or query) live again, or
 * by default the release before the live one. No release to go to: 409
 * (RollbackError). Only names in PUBLISHER_ALLOWED_HOSTS (421 otherwise).
 */
export const rollbackRoutes: FastifyPluginAsync<RollbackRouteOptions> = async (app, { dataDir, switches, access, purges, now }) => {
  refuseOtherAdminHosts(app, access.allowedHosts)
  app.post<RollbackRequest>(
    ROLLBACK_PATH,
    {
      schema: {
        querystring: { type: "object", properties: { releaseId: RELEASE_ID } },
        body: { type: ["object", "null"], properties: { releaseId: RELEASE_ID } },
      },
      // Checked on arrival, before fastify reads the body: an unauthenticated request gets 401 whatever it sends.
      onRequest: async (request, reply) => {
        if (!access.adminToken) {
          // A setting the operator chose, not a failure: one line, not the error handler's 5xx stack.
          request.log.warn(`${request.method} ${request.url}: ${OFF_MESSAGE}`)
          return reply.code(503).send({ message: OFF_MESSAGE })
        }
        requireAdminToken(request, access, { what: "Rollback", acceptBasic: false, challenge: "Bearer" })
      },
    },
    async (request) => {
      const result = rollback({ dataDir, switches, releaseId: request.body?.releaseId ?? request.query.releaseId, now: now() })
      request.log.info(`Rolled back from ${result.from ?? "nothing"} to ${result.to}`)
      if (result.from !== result.to) purges?.add(EVERYTHING, result.to)
      return result
    },
  )
}
