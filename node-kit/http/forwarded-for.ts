import net from "node:net"
import type { FastifyInstance } from "fastify"

/** An address as a block list checks it: IPv4-mapped IPv6 (`::ffff:127.0.0.1`) as the IPv4 address it is. */
function plainAddress(address: string): { address: string; family: "ipv4" | "ipv6" } {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  const plain = mapped?.[1] ?? address
  return { address: plain, family: net.isIPv4(plain) ? "ipv4" : "ipv6" }
}

/** Whether `address` is one of the proxies `trustProxy` names (addresses and CIDR ranges, comma-separated, as Fastify takes them). */
export function trustedProxy(trustProxy: string | undefined): (address: string) => boolean {
  const list = new net.BlockList()
  for (const entry of (trustProxy ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = "", prefix] = entry.split("/")
    const family = net.isIPv4(address) ? "ipv4" : "ipv6"
    if (prefix === undefined) list.addAddress(address, family)
    else list.addSubnet(address, Number(prefix), family)
  }
  return (address) => {
    const plain = plainAddress(address)
    return net.isIP(plain.address) !== 0 && list.check(plain.address, plain.family)
  }
}

/**
 * Warns once when a request carries X-Forwarded-For from a peer the server
 * does not trust: a proxy or CDN in front whose address is not in the
 * trust setting. Its header is then ignored, every visitor behind it has
 * the proxy's address, and the per-address limits (wrong tokens, refused
 * webhooks) count them all as one. Said once: a flood must not fill the log.
 */
export function warnOnUntrustedForwarding(app: FastifyInstance, options: { trustProxy: string | undefined; setting: string }): void {
  const trusted = trustedProxy(options.trustProxy)
  let warned = false
  app.addHook("onRequest", async (request) => {
    if (warned || request.headers["x-forwarded-for"] === undefined) return
    const peer = request.socket.remoteAddress ?? ""
    if (trusted(peer)) return
    warned = true
    request.log.warn(
      `X-Forwarded-For came from ${peer}, which ${options.setting} does not name: it is ignored, and every client of that proxy counts as ${peer} ` +
        `for the limits on wrong tokens and refused webhooks. If a proxy or CDN of yours forwards to this server from there, set ${options.setting}=${plainAddress(peer).address}.`,
    )
  })
}
