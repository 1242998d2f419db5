import type { FastifyInstance } from "fastify"
import { sampleCaptionsFile } from "../captions/sample-captions"
import { findVideo, refuse, type VideoAccess } from "../find-video"

/**
 * The text track files the video host's answers name (`text_tracks[].url`,
 * relative to VIDEO_API_URL): WebVTT, asked as the answer is, with the
 * host's bearer token (and for a video only drafts name, the preview token
 * too), counted by the same rate limit. A video without the track, or one
 * the request may not see, is a 404; a draft's file is private, as its
 * answer is.
 */
export async function textTrackRoutes(app: FastifyInstance, options: VideoAccess) {
  app.get<{ Params: { path: string; file: string } }>("/videos/:path/texttracks/:file", async (request, reply) => {
    const found = findVideo(request, request.params.path, options)
    if ("status" in found) return refuse(reply, found)
    const file = sampleCaptionsFile(found, request.params.file)
    if (file === undefined) return reply.status(404).send({ error: `No text track ${JSON.stringify(request.params.file)} for video ${JSON.stringify(request.params.path)}.` })
    if (found.draft) reply.header("Cache-Control", "private, no-store")
    return reply.type("text/vtt; charset=utf-8").send(file)
  })
}
