import type { FastifyInstance } from "fastify"

/**
 * Who may frame the preview: the CMS admin's origins
 * (PUBLISHER_PREVIEW_FRAME_ANCESTORS), so its Preview panel can show a page.
 * Every policy's frame-ancestors names them instead of 'none', and
 * X-Frame-Options goes: it can only say DENY or SAMEORIGIN, never another
 * origin, and a browser that knows frame-ancestors (every current one)
 * ignores it where both are sent. The live site keeps both as they are.
 */

/** `policy` with its frame-ancestors directive naming `origins` (added when it has none). */
export function withFrameAncestors(policy: string, origins: readonly string[]): string {
  const directive = `frame-ancestors ${origins.join(" ")}`
  const directives = policy
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
  const at = directives.findIndex((part) => /^frame-ancestors(\s|$)/i.test(part))
  if (at === -1) directives.push(directive)
  else directives[at] = directive
  return directives.join("; ")
}

/** A release page's security headers (the build's map), framed by `origins`. */
export function framedPageHeaders(origins: readonly string[]): (headers: Record<string, string>) => Record<string, string> {
  return (headers) => {
    const framed: Record<string, string> = {}
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase()
      if (lower === "x-frame-options") continue
      framed[name] = lower === "content-security-policy" ? withFrameAncestors(value, origins) : value
    }
    return framed
  }
}

/**
 * Every answer the server sends through Fastify (the sign-in page, errors,
 * the bar's style sheet) framed by `origins`. Register it after the hooks
 * that add the site's headers, so it sees what they added.
 */
export function frameAncestorsHook(app: FastifyInstance, origins: readonly string[]): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    const policy = reply.getHeader("content-security-policy")
    if (typeof policy === "string") reply.header("content-security-policy", withFrameAncestors(policy, origins))
    reply.removeHeader("x-frame-options")
    return payload
  })
}
