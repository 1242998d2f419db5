import { createHmac } from "node:crypto"
import type { FastifyRequest } from "fastify"
import { PREVIEW_TOKEN_HEADER } from "../../../contract/preview/draft-videos"
import { sameSecret } from "../../../node-kit/security/same-secret"
import type { ServedEpisode, VideoLibrary } from "../catalogue/database/reads"

/**
 * The videos only drafts name (a draft-only episode's, a draft's new video
 * path), and the draft view's token, CATALOGUE_PREVIEW_TOKEN, without which
 * the host finds none of them: they are the preview lane's alone, as the
 * draft view is (catalogue-api.md, "Drafts and preview"). Absent while the
 * draft view is off.
 */
export interface DraftVideos {
  reads: VideoLibrary
  token: string
}

/**
 * Which preview token a lookup carries in PREVIEW_TOKEN_HEADER: none, the
 * draft view's (compared in constant time), or another one. Any token is
 * another one while the draft view is off.
 */
export function previewTokenOf(request: FastifyRequest, drafts: DraftVideos | null): "none" | "right" | "wrong" {
  const given = request.headers[PREVIEW_TOKEN_HEADER]
  if (given === undefined) return "none"
  return drafts && typeof given === "string" && sameSecret(given, drafts.token) ? "right" : "wrong"
}

/**
 * The key a draft-only video's player link carries (DRAFT_PLAYER_KEY_PARAM):
 * the player page is opened by the editor's browser, which never holds the
 * preview token. An HMAC of the path under that token, so it opens that one
 * page and tells nothing of the token; a new token closes every old link.
 */
export function draftPlayerKey(drafts: DraftVideos, path: string): string {
  return createHmac("sha256", drafts.token).update(`draft player ${path}`).digest("base64url")
}

/** The draft-only episode whose player `key` opens; none for a missing or wrong key. */
export function draftEpisodeByKey(drafts: DraftVideos | null, path: string, key: unknown): ServedEpisode | undefined {
  if (!drafts || typeof key !== "string" || !sameSecret(key, draftPlayerKey(drafts, path))) return undefined
  return drafts.reads.episodeByPath(path)
}
