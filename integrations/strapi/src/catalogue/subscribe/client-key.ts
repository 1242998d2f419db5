import { isIPv4, isIPv6 } from "node:net"

/** The eight 16-bit groups of an IPv6 address, an embedded IPv4 tail (::ffff:1.2.3.4) read as its two. */
function ipv6Groups(address: string): number[] {
  const lastColon = address.lastIndexOf(":")
  const tail = address.slice(lastColon + 1)
  const head = isIPv4(tail) ? address.slice(0, lastColon + 1) + ipv4AsGroups(tail) : address
  const [left = "", right] = head.split("::")
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)))
  const before = parse(left)
  const after = right === undefined ? [] : parse(right)
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after]
}

const ipv4AsGroups = (address: string) => {
  const [a = 0, b = 0, c = 0, d = 0] = address.split(".").map(Number)
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
}

/**
 * Who a sign-up counts against: an IPv4 client by its address (an
 * IPv4-mapped IPv6 spelling too, as a dual-stack socket reports it), an
 * IPv6 one by its /64, since one line or host is handed a whole /64 and
 * picks any address in it at will (the reference server's ipv6Subnet: 64).
 * The address is Koa's ctx.ip: the socket's, or X-Forwarded-For's only
 * when Strapi's server.proxy trusts a proxy.
 */
export function clientKey(ip: string): string {
  const address = ip.split("%")[0] ?? ""
  if (isIPv4(address)) return address
  if (!isIPv6(address)) return address
  const groups = ipv6Groups(address)
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".")
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`
}
