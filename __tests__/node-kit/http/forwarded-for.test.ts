import { Writable } from "node:stream"
import Fastify from "fastify"
import { trustedProxy, warnOnUntrustedForwarding } from "../../../node-kit/http/forwarded-for"
import { rawRequest } from "../../helpers/raw-request"

describe("trustedProxy", () => {
  it("trusts the addresses and ranges named, IPv4-mapped ones as IPv4, and nothing else", () => {
    const trusted = trustedProxy("127.0.0.1, 10.0.0.0/8,2001:db8::/32")
    for (const address of ["127.0.0.1", "::ffff:127.0.0.1", "10.1.2.3", "2001:db8::7"]) expect({ address, trusted: trusted(address) }).toEqual({ address, trusted: true })
    for (const address of ["127.0.0.2", "11.0.0.1", "::1", "2001:db9::1", "", "not an address"]) expect({ address, trusted: trusted(address) }).toEqual({ address, trusted: false })
    expect(trustedProxy(undefined)("127.0.0.1")).toBe(false)
  })
})

describe("warnOnUntrustedForwarding", () => {
  /** A server with the warning, its log lines collected. */
  async function serverWith(trustProxy: string | undefined) {
    const lines: { level: number; msg: string }[] = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string })
        done()
      },
    })
    const app = Fastify({ logger: { level: "warn", stream }, ...(trustProxy ? { trustProxy } : {}) })
    warnOnUntrustedForwarding(app, { trustProxy, setting: "PUBLISHER_TRUST_PROXY" })
    app.get("/", async (request) => ({ ip: request.ip }))
    const url = await app.listen({ host: "127.0.0.1", port: 0 })
    const ask = async (headers: Record<string, string> = {}) => JSON.parse((await rawRequest(`${url}/`, { headers })).body) as { ip: string }
    return { app, ask, warnings: () => lines.filter((line) => line.level === 40).map((line) => line.msg) }
  }

  it("says once, naming the setting and the address to set, that a proxy's X-Forwarded-For is ignored", async () => {
    const { app, ask, warnings } = await serverWith(undefined)
    for (let i = 0; i < 5; i++) await ask({ "x-forwarded-for": `203.0.113.${i}` })
    expect(warnings()).toEqual([expect.stringContaining("PUBLISHER_TRUST_PROXY=127.0.0.1")])
    await app.close()
  })

  it("says nothing for a request without the header, or from a trusted proxy", async () => {
    const plain = await serverWith(undefined)
    await plain.ask()
    expect(plain.warnings()).toEqual([])
    await plain.app.close()
    const behindVarnish = await serverWith("127.0.0.1")
    expect(await behindVarnish.ask({ "x-forwarded-for": "203.0.113.9" })).toEqual({ ip: "203.0.113.9" })
    expect(behindVarnish.warnings()).toEqual([])
    await behindVarnish.app.close()
  })
})
