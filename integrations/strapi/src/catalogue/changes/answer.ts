import type { Core } from "@strapi/strapi"
import { PREVIEW_REFUSED_MESSAGE, requestedView, type PreviewRequest } from "../http/preview-access"
import { ChangesGone, readFeed } from "./feed"
import { stampsOf } from "./in-flight"

/** GET /changes's answer: the feed of the view the request may read, 401 for preview=1 without the token, 410 for a `since` it cannot answer. */
export async function answerChanges(strapi: Core.Strapi, request: PreviewRequest): Promise<{ status: number; body: unknown }> {
  const view = requestedView(request, process.env.CATALOGUE_PREVIEW_TOKEN)
  if (view === "refused") return { status: 401, body: { message: PREVIEW_REFUSED_MESSAGE } }
  try {
    return { status: 200, body: { data: await readFeed(strapi, stampsOf(strapi), view, request.query.since) } }
  } catch (error) {
    if (error instanceof ChangesGone) return { status: 410, body: { message: error.message } }
    throw error
  }
}
