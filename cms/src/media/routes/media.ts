import fs from "node:fs"
import type { FastifyInstance } from "fastify"
import { hasBearerToken } from "../../../../node-kit/http/bearer-token"
import { HttpError } from "../../../../node-kit/http/http-error"
import { MEDIA_NAME, RESIZE_FORMATS, parseResizeQuery } from "../pictures"
import type { CatalogueMediaNames } from "../names"
import type { MediaStore } from "../store"

/** `:name` of a picture: only names the server can draw (MEDIA_NAME); any other is a 404 like a missing file. */
const MEDIA_PARAMS = {
  type: "object",
  properties: { name: { type: "string", pattern: MEDIA_NAME.source } },
  required: ["name"],
} as const

const noImage = (name: string) => new HttpError(404, `No image ${JSON.stringify(name)}.`)

/** Pictures only drafts name (a draft-only entity's, one a draft puts in), and the draft view's token (CATALOGUE_PREVIEW_TOKEN) that shows them. */
export interface DraftMedia {
  names: Pick<CatalogueMediaNames, "has">
  token: string
}

/** The answer's Cache-Control: a published picture is the same for everyone for good; a draft's is its asker's alone. */
const CACHE_CONTROL = { published: "public, max-age=31536000, immutable", draft: "private, no-store" } as const

/**
 * `GET /media/{name}`: the drawn sample pictures, resized on request
 * (`?w=&fm=`), for the names the catalogue uses and no other: the disk
 * holds at most one picture per name in the catalogue, and a bounded set of
 * sizes of each (parseResizeQuery), made and kept within the store's limits
 * (media/store.ts). A picture only drafts name is the draft view's: it is
 * served to a request with the preview token as the draft view takes it
 * (`Authorization: Bearer`), never kept by a shared cache, and is the same
 * 404 as a name no one uses for anyone else (`drafts` null: for everyone).
 */
export async function mediaRoutes(app: FastifyInstance, options: { store: MediaStore; names: Pick<CatalogueMediaNames, "has">; drafts: DraftMedia | null }) {
  const { drafts } = options
  app.get<{ Params: { name: string }; Querystring: Record<string, unknown> }>(
    "/media/:name",
    { schema: { params: MEDIA_PARAMS }, config: { refuse: (request) => noImage((request.params as { name: string }).name) } },
    async (request, reply) => {
      const { name } = request.params
      const published = options.names.has(name)
      if (!published && !(drafts && hasBearerToken(request.headers.authorization, drafts.token) && drafts.names.has(name))) throw noImage(name)
      const resize = parseResizeQuery(request.query ?? {})
      if (resize && "error" in resize) throw new HttpError(400, resize.error)
      const answer = resize ? await options.store.variant(name, resize) : await options.store.original(name)
      if ("busy" in answer) {
        // Sent here rather than thrown: the error handler hides a 5xx's message and headers, and this one is the client's to act on.
        return reply
          .status(503)
          .header("Retry-After", String(answer.retryAfterSeconds))
          .header("Cache-Control", "no-store")
          .send({ message: `The image service is making as many pictures as it can just now; try again in ${answer.retryAfterSeconds} s.` })
      }
      // Each name (and each width and format of it) always draws the same picture, so a published one may be cached for good.
      return reply
        .type(resize ? RESIZE_FORMATS[resize.format] : "image/jpeg")
        .header("Cache-Control", published ? CACHE_CONTROL.published : CACHE_CONTROL.draft)
        .send(fs.createReadStream(answer.file))
    },
  )
}
