import type { FastifyReply, FastifyRequest } from "fastify"
import { hasBearerToken } from "../../../node-kit/http/bearer-token"
import type { ServedEpisode, VideoLibrary } from "../catalogue/database/reads"
import type { FixedWindowLimiter } from "../http-hooks/rate-limit"
import { previewTokenOf, type DraftVideos } from "./draft-videos"

/** What the host's API checks a request against: its token, its limit, the videos it has. */
export interface VideoAccess {
  /** The published catalogue's videos. */
  reads: VideoLibrary
  /** Those only drafts name, found for a request that also carries the preview token; null: none (no drafts, or the draft view off). */
  drafts: DraftVideos | null
  token: string
  limiter: FixedWindowLimiter
  /** Paths that answer 404 although an episode still names them. */
  withdrawnVideos: ReadonlySet<string>
}

/** The episode whose video a request names; `draft` when only drafts name it, `library` the catalogue it came from. */
export interface FoundVideo {
  episode: ServedEpisode
  draft: boolean
  library: VideoLibrary
}

/** Why a request gets no video: the status and message to answer, and the seconds to wait for a 429. */
export interface VideoRefusal {
  status: 401 | 404 | 429
  error: string
  retryAfter?: number
}

/**
 * The video a request to the host's API names, as its tokens let it see it,
 * in the order the host checks: its own bearer token (401), the preview
 * token when one is sent (401 when wrong), the rate limit (429), then the
 * video (404 when withdrawn, unknown, or only drafts name it and the
 * request lacks the preview token). Every route of the API (a lookup, a
 * text track) asks the same way, so a draft's files are as private as its
 * answer.
 */
export function findVideo(request: FastifyRequest, path: string, access: VideoAccess): FoundVideo | VideoRefusal {
  if (!hasBearerToken(request.headers.authorization, access.token)) return { status: 401, error: "A valid bearer token is required." }
  const previewToken = previewTokenOf(request, access.drafts)
  // Only a caller with the host's own token gets here: saying its preview token is wrong tells nothing of the drafts.
  if (previewToken === "wrong") return { status: 401, error: "The preview token is wrong; drafts' videos are shown only with CATALOGUE_PREVIEW_TOKEN." }
  const wait = access.limiter.take()
  if (wait > 0) return { status: 429, error: "Too many requests; retry later.", retryAfter: wait }
  const withdrawn = access.withdrawnVideos.has(path)
  const published = withdrawn ? undefined : access.reads.episodeByPath(path)
  if (published) return { episode: published, draft: false, library: access.reads }
  const draft = withdrawn || previewToken !== "right" ? undefined : access.drafts?.reads.episodeByPath(path)
  if (draft && access.drafts) return { episode: draft, draft: true, library: access.drafts.reads }
  return { status: 404, error: `No video ${JSON.stringify(path)}.` }
}

/** Answers a refusal: its status, its Retry-After, `{ error }`. */
export function refuse(reply: FastifyReply, refusal: VideoRefusal): FastifyReply {
  if (refusal.retryAfter !== undefined) reply.header("Retry-After", String(refusal.retryAfter))
  return reply.status(refusal.status).send({ error: refusal.error })
}
