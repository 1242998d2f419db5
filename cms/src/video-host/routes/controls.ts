import type { FastifyInstance } from "fastify"
import { HttpError } from "../../../../node-kit/http/http-error"
import type { VideoLibrary } from "../../catalogue/database/reads"
import type { FixedWindowLimiter } from "../../http-hooks/rate-limit"

const SAFE = Number.MAX_SAFE_INTEGER

/** `{limit: null}` turns the limit off; otherwise a whole number of requests per window (1 second unless given). */
const RATE_LIMIT_BODY = {
  type: "object",
  required: ["limit"],
  anyOf: [
    { properties: { limit: { type: "null" } } },
    {
      properties: {
        limit: { type: "integer", minimum: 0, maximum: SAFE },
        window_seconds: { type: ["integer", "null"], minimum: 1, maximum: SAFE },
      },
    },
  ],
} as const

type RateLimitBody = { limit: number | null; window_seconds?: number | null }

const RATE_LIMIT_HINT = "Send {limit: whole number >= 0, window_seconds: whole number >= 1}, or {limit: null} to turn it off."

/** Controls of the stand-in video host (under /admin), for trying a site against its failures. */
export async function adminVideoHostRoutes(app: FastifyInstance, options: { reads: VideoLibrary; limiter: FixedWindowLimiter; withdrawnVideos: Set<string> }) {
  // Takes a video off the host until the server restarts, as when it is deleted
  // there while the catalogue still names it: lookups and its player answer 404.
  app.delete<{ Params: { path: string } }>("/video-host/videos/:path", async (request) => {
    const { path } = request.params
    if (!options.reads.episodeByPath(path)) throw new HttpError(404, `No episode has the video ${JSON.stringify(path)}.`)
    options.withdrawnVideos.add(path)
    return { data: { path, withdrawn: true } }
  })

  app.put<{ Body: RateLimitBody }>(
    "/video-host/rate-limit",
    { schema: { body: RATE_LIMIT_BODY }, config: { refuse: () => new HttpError(400, RATE_LIMIT_HINT) } },
    async (request) => {
      const { limit, window_seconds: windowSeconds } = request.body
      options.limiter.setting = limit === null ? null : { limit, windowSeconds: windowSeconds ?? 1 }
      return { data: options.limiter.setting }
    },
  )
}
