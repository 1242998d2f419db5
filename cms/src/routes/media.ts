import fs from "node:fs"
import type { FastifyInstance } from "fastify"
import { MEDIA_NAME, RESIZE_FORMATS, mediaFile, parseResizeQuery, resizedMediaFile } from "../media"

export async function mediaRoutes(app: FastifyInstance, options: { mediaDir: string }) {
  app.get<{ Params: { name: string }; Querystring: Record<string, unknown> }>("/media/:name", async (request, reply) => {
    const { name } = request.params
    if (!MEDIA_NAME.test(name)) {
      return reply.status(404).send({ message: `No image ${JSON.stringify(name)}.` })
    }
    const resize = parseResizeQuery(request.query ?? {})
    if (resize && "error" in resize) return reply.status(400).send({ message: resize.error })
    const file = resize ? await resizedMediaFile(options.mediaDir, name, resize) : await mediaFile(options.mediaDir, name)
    // Each name (and each width and format of it) always draws the same picture, so it may be cached for good.
    return reply
      .type(resize ? RESIZE_FORMATS[resize.format] : "image/jpeg")
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .send(fs.createReadStream(file))
  })
}
