import net from "node:net"
import type { FastifyInstance, FastifyRequest } from "fastify"
import { HttpError } from "./http-error"

/** The name of a Host header without its port and final dot, lower case: `[::1]:4000` -> `::1`. */
export function hostName(host: string): string {
  const bracketed = /^\[([^\]]*)\]/.exec(host)
  const name = bracketed ? bracketed[1]! : host.replace(/:\d*$/, "")
  return name.toLowerCase().replace(/\.$/, "")
}

/**
 * Whether a request that names `host` may be answered. DNS rebinding makes
 * a browser send a page's own name (evil.example, now resolving to this
 * machine) to a local server, so names are what is checked: an address
 * (`127.0.0.1:4000`, `[::1]`) cannot be rebound and is always let through,
 * as are `localhost` and `*.localhost` (which browsers resolve to loopback
 * themselves) and a request with no Host at all (HTTP/1.0; a browser always
 * sends one). Any other name must be listed in `allowed`; an entry with a
 * leading dot (`.example.com`) takes that name and every name under it.
 */
export function isAllowedHost(host: string | undefined, allowed: readonly string[]): boolean {
  if (host === undefined || host === "") return true
  const name = hostName(host)
  if (net.isIP(name) !== 0 || name === "localhost" || name.endsWith(".localhost")) return true
  return allowed.some((entry) => {
    const wanted = entry.toLowerCase()
    return wanted.startsWith(".") ? name === wanted.slice(1) || name.endsWith(wanted) : name === wanted
  })
}

/**
 * Whether a request's names may be answered: the Host it arrived with and,
 * when a trusted proxy forwarded one, its X-Forwarded-Host (Fastify's
 * `request.host`), both. Either alone would not do: a page rebound to this
 * machine can add an X-Forwarded-Host of `localhost` (no browser forbids
 * that header, and to the browser it is a same-origin request), which a
 * server trusting a loopback proxy would read as the name; but it cannot
 * change the Host its browser sends.
 */
export function isAllowedRequest(request: Pick<FastifyRequest, "host" | "headers">, allowed: readonly string[]): boolean {
  return isAllowedHost(request.headers.host, allowed) && isAllowedHost(request.host, allowed)
}

/**
 * Refuses, before routing, every request whose Host or X-Forwarded-Host
 * (from a trusted proxy) is a name not in `allowed`: 421 Misdirected Request,
 * since the server is not configured to answer for that name, with a
 * message naming the setting (`variable`) that adds it. `alsoAllowed`
 * names more hosts for some requests only (the CMS's player page answers
 * under the video host's name, its API does not).
 */
export function refuseOtherHosts(app: FastifyInstance, allowed: readonly string[], variable: string, alsoAllowed: (request: FastifyRequest) => readonly string[] = () => []): void {
  app.addHook("onRequest", async (request) => {
    if (isAllowedRequest(request, allowed) || isAllowedRequest(request, alsoAllowed(request))) return
    const name = hostName(request.host)
    throw new HttpError(421, `This server does not answer to the name ${JSON.stringify(name)}. If it is reached by that name (behind a proxy, say), add it to ${variable}.`)
  })
}
