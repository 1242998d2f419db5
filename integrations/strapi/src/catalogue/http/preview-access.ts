import { timingSafeEqual, createHash } from "node:crypto"

/** Which view of the catalogue a request reads (catalogue-api.md, "Drafts and preview"). */
export type View = "published" | "draft"

export interface PreviewRequest {
  query: Record<string, unknown>
  headers: Record<string, string | string[] | undefined>
}

/** Equal secrets, compared in constant time (hashes first, so lengths do not show). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/**
 * The view a request asks for: the published one, unless it says `preview=1`.
 * With `preview=1`, the draft view when it brings `Authorization: Bearer
 * {CATALOGUE_PREVIEW_TOKEN}`, and "refused" otherwise (401): never the
 * published view in its place, so a misconfigured preview lane knows.
 */
export function requestedView(request: PreviewRequest, previewToken: string | undefined): View | "refused" {
  if (request.query.preview !== "1") return "published"
  const header = request.headers.authorization
  const match = typeof header === "string" ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
  if (!previewToken || !match || !sameSecret(match[1]!, previewToken)) return "refused"
  return "draft"
}

export const PREVIEW_REFUSED_MESSAGE = "preview=1 needs the draft view's token: Authorization: Bearer {CATALOGUE_PREVIEW_TOKEN}"
