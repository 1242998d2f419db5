import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { commonSecurityHeaders, ownPageSecurityHeaders } from "../../../../node-kit/security/headers"
import { createStaticHandler, type StaticHandlerOptions } from "../../../../node-kit/http/static-server"
import { edgeHeadersOfAnswer } from "../../cdn/edge-cache"
import { liveSiteFiles } from "../../releases/releases"

/**
 * Every GET or HEAD no route answers: the live release, served by the kit's
 * static handler with brotli and gzip (and each page's security headers,
 * from the release's map), resolved once per request through the live
 * release's manifest (which names the folder holding each file), so a
 * switch mid-request cannot mix two releases. A content-hashed file the live
 * release lacks (a chunk a page of the release before asks for) is answered
 * from the newest kept release that has it (releases/kept-assets.ts). Set on the
 * root app (a 404 handler belongs to the whole server, not to one plugin),
 * with the hook that gives the publisher's own HTML (the status page) the
 * same headers, except any the route set itself: the status page's
 * Content-Security-Policy is stricter than any the site could give it, and
 * the preview's hand-off sends no Referer at all.
 */
export interface ServeReleaseOptions extends Pick<StaticHandlerOptions, "private" | "transformHtml" | "htmlSecurityHeaders"> {
  /** Answers a request that may not see the site (the preview's visitor without a session) its own way; undefined: serve it. */
  refuse?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined
}

export function serveLiveRelease(app: FastifyInstance, dataDir: string, options: ServeReleaseOptions = {}): void {
  // The live site tells a CDN in front to keep its answers until the publisher purges them (publisher/src/cdn/edge-cache.ts); a private one never.
  const serveSite = createStaticHandler({
    root: () => liveSiteFiles(dataDir),
    encodings: ["br", "gzip"],
    edgeHeaders: options.private ? undefined : edgeHeadersOfAnswer,
    private: options.private,
    transformHtml: options.transformHtml,
    htmlSecurityHeaders: options.htmlSecurityHeaders,
  })
  app.setNotFoundHandler(async (request, reply) => {
    const refused = options.refuse?.(request, reply)
    if (refused) return refused
    if (request.method !== "GET" && request.method !== "HEAD") {
      return reply.code(404).send({ message: `No ${request.method} ${request.url} here` })
    }
    reply.hijack()
    await serveSite(request.raw, reply.raw)
  })
  app.addHook("onSend", async (_request, reply, payload) => {
    if (typeof payload !== "string" || !String(reply.getHeader("content-type")).startsWith("text/html")) return payload
    const ownPolicy = reply.hasHeader("content-security-policy")
    const headers = ownPolicy ? commonSecurityHeaders({ api: [], player: [], images: [] }) : ownPageSecurityHeaders(payload)
    for (const [name, value] of Object.entries(headers)) if (!reply.hasHeader(name)) reply.header(name, value)
    return payload
  })
}
