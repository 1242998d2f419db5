import fs from "node:fs"
import type { FastifyInstance } from "fastify"
import { HttpError } from "../../../node-kit/http-error"
import { MEDIA_NAME, RESIZE_FORMATS, mediaFile, parseResizeQuery, resizedMediaFile } from "../media"
import type { CatalogueMediaNames } from "../media-names"

/** `:name` of a picture: only names the server can draw (MEDIA_NAME); any other is a 404 like a missing file. */
const MEDIA_PARAMS = {
  type: "object",
  properties: { name: { type: "string", pattern: MEDIA_NAME.source } },
  required: ["name"],
} as const

const noImage = (name: string) => new HttpError(404, `No image ${JSON.stringify(name)}.`)

/**
 * `GET /media/{name}`: the drawn sample pictures, resized on request
 * (`?w=&fm=`), for the names the catalogue uses and no other: the disk
 * holds at most one picture per name in the catalogue, and a bounded set of
 * sizes of each (parseResizeQuery).
 */
export async function mediaRoutes(app: FastifyInstance, options: { mediaDir: string; names: CatalogueMediaNames }) {
  app.get<{ Params: { name: string }; Querystring: Record<string, unknown> }>(
    "/media/:name",
    { schema: { params: MEDIA_PARAMS }, config: { refuse: (request) => noImage((request.params as { name: string }).name) } },
    async (request, reply) => {
      const { name } = request.params
      if (!options.names.has(name)) throw noImage(name)
      const resize = parseResizeQuery(request.query ?? {})
      if (resize && "error" in resize) throw new HttpError(400, resize.error)
      const file = resize ? await resizedMediaFile(options.mediaDir, name, resize) : await mediaFile(options.mediaDir, name)
      // Each name (and each width and format of it) always draws the same picture, so it may be cached for good.
      return reply
        .type(resize ? RESIZE_FORMATS[resize.format] : "image/jpeg")
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .send(fs.createReadStream(file))
    },
  )
}
