import fs from "node:fs"
import type { FastifyInstance } from "fastify"
import { MEDIA_NAME, mediaFile } from "../media"

export async function mediaRoutes(app: FastifyInstance, options: { mediaDir: string }) {
  app.get<{ Params: { name: string } }>("/media/:name", async (request, reply) => {
    const { name } = request.params
    if (!MEDIA_NAME.test(name)) {
      return reply.status(404).send({ message: `No image ${JSON.stringify(name)}.` })
    }
    const file = await mediaFile(options.mediaDir, name)
    // Each name always draws the same picture, so it may be cached for good.
    return reply
      .type("image/jpeg")
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .send(fs.createReadStream(file))
  })
}
