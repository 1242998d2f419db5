import net from "node:net"
import type { FastifyRequest } from "fastify"
import { bearerToken } from "../../../node-kit/bearer-token"
import { sameSecret } from "../../../node-kit/same-secret"

/**
 * Whether a server bound to `address` (as `server.address()` names it) can
 * only be reached from this machine. `0.0.0.0` and `::` listen everywhere.
 */
export function isLoopbackAddress(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, "").replace(/^::ffff:/i, "")
  if (plain === "::1" || plain.toLowerCase() === "localhost") return true
  return net.isIPv4(plain) && plain.startsWith("127.")
}

/**
 * Whether the request carries `token`, as `Authorization: Bearer <token>`
 * (tools) or as the password of `Authorization: Basic` (a browser asks for
 * it by itself after a `WWW-Authenticate: Basic` challenge; the user name is
 * ignored). Compared in constant time.
 */
export function carriesToken(request: FastifyRequest, token: string): boolean {
  const authorization = request.headers.authorization
  if (typeof authorization !== "string") return false
  const bearer = bearerToken(authorization)
  if (bearer !== undefined) return sameSecret(bearer, token)
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(authorization)?.[1]
  if (basic === undefined) return false
  const credentials = Buffer.from(basic, "base64").toString("utf8")
  return sameSecret(credentials.slice(credentials.indexOf(":") + 1), token)
}
