import { hostName, isAllowedHost, isAllowedRequest } from "../../../node-kit/http/allowed-hosts"

describe("hostName", () => {
  it.each([
    ["example.com:4000", "example.com"],
    ["EXAMPLE.com.", "example.com"],
    ["[::1]:4000", "::1"],
    ["[::1]", "::1"],
    ["127.0.0.1", "127.0.0.1"],
  ])("reads %s as %s", (host, name) => {
    expect(hostName(host)).toBe(name)
  })
})

describe("isAllowedHost", () => {
  it.each(["127.0.0.1:4000", "10.1.2.3", "[::1]:4000", "[2001:db8::1]", "localhost", "LocalHost:80", "app.localhost:4000", undefined])(
    "lets %s through with no names configured (an address cannot be rebound; localhost is loopback)",
    (host) => {
      expect(isAllowedHost(host, [])).toBe(true)
    },
  )

  it.each(["evil.example", "localhost.evil.example", "127.0.0.1.nip.io", "example.com"])("refuses %s when it is not listed", (host) => {
    expect(isAllowedHost(host, [])).toBe(false)
  })

  it("takes a listed name exactly, and a leading dot for the name and everything under it", () => {
    const allowed = ["cms.example.com", ".example.org"]
    expect(isAllowedHost("cms.example.com:443", allowed)).toBe(true)
    expect(isAllowedHost("www.cms.example.com", allowed)).toBe(false)
    expect(isAllowedHost("example.org", allowed)).toBe(true)
    expect(isAllowedHost("a.b.example.org", allowed)).toBe(true)
    expect(isAllowedHost("badexample.org", allowed)).toBe(false)
  })
})

describe("isAllowedRequest", () => {
  it("needs both the Host it arrived with and the name a trusted proxy forwarded to be allowed", () => {
    const request = (host: string | undefined, forwarded: string) => ({ headers: { host }, host: forwarded })
    expect(isAllowedRequest(request("cms.example.com", "cms.example.com"), ["cms.example.com"])).toBe(true)
    expect(isAllowedRequest(request("127.0.0.1:4000", "cms.example.com"), ["cms.example.com"])).toBe(true)
    // A rebound page sends its own name as Host, whatever X-Forwarded-Host it adds.
    expect(isAllowedRequest(request("evil.example", "localhost"), ["cms.example.com"])).toBe(false)
    expect(isAllowedRequest(request("localhost", "evil.example"), ["cms.example.com"])).toBe(false)
  })
})
