import type { FastifyPluginAsync } from "fastify"
import { HttpError } from "../../../node-kit/http-error"
import { sameSecret } from "../../../node-kit/same-secret"
import type { JobStore } from "../job-store"
import { rollback } from "../rollback"

export const ROLLBACK_PATH = "/releases/rollback"

export interface RollbackRouteOptions {
  dataDir: string
  store: JobStore
  /** The endpoint is off (503) without it. */
  adminToken: string | undefined
  now: () => number
}

/** A release id as releases.ts makes them; anything else is refused by the schema before it nears the file system. */
const RELEASE_ID = { type: "string", pattern: "^[0-9A-Za-z][0-9A-Za-z._-]*$", maxLength: 200 } as const

interface RollbackRequest {
  Body: { releaseId?: string } | undefined
  Querystring: { releaseId?: string }
}

/**
 * POST /releases/rollback with `Authorization: Bearer <PUBLISHER_ADMIN_TOKEN>`:
 * makes `releaseId` (body or query) live again, or by default the release
 * before the live one. No release to go to: 409 (RollbackError).
 */
export const rollbackRoutes: FastifyPluginAsync<RollbackRouteOptions> = async (app, { dataDir, store, adminToken, now }) => {
  app.post<RollbackRequest>(
    ROLLBACK_PATH,
    {
      schema: {
        querystring: { type: "object", properties: { releaseId: RELEASE_ID } },
        body: { type: ["object", "null"], properties: { releaseId: RELEASE_ID } },
      },
      // Checked on arrival, before fastify reads the body: an unauthenticated request gets 401 whatever it sends.
      onRequest: async (request) => {
        if (!adminToken) throw new HttpError(503, "Rollback over HTTP is off: the publisher has no PUBLISHER_ADMIN_TOKEN.")
        const authorization = request.headers.authorization
        const given = /^Bearer (.+)$/.exec(typeof authorization === "string" ? authorization : "")?.[1] ?? ""
        if (!sameSecret(given, adminToken)) {
          throw new HttpError(401, "Rollback needs Authorization: Bearer <PUBLISHER_ADMIN_TOKEN>.", { headers: { "WWW-Authenticate": "Bearer" } })
        }
      },
    },
    async (request) => {
      const result = rollback({ dataDir, store, releaseId: request.body?.releaseId ?? request.query.releaseId, now: now() })
      request.log.info(`Rolled back from ${result.from ?? "nothing"} to ${result.to}`)
      return result
    },
  )
}
