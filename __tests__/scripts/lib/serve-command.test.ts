import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { parseServeArgs, SERVE_DEFAULTS, serveBuild } from "../../../scripts/lib/serve-command"

describe("parseServeArgs", () => {
  it("takes gatsby serve's --port and --host, long, short or with =, the last one winning", () => {
    expect(parseServeArgs([])).toEqual(SERVE_DEFAULTS)
    expect(parseServeArgs(["--host", "127.0.0.1", "--port", "9000", "--port", "9100"])).toEqual({ host: "127.0.0.1", port: 9100 })
    expect(parseServeArgs(["-H", "0.0.0.0", "-p", "8080"])).toEqual({ host: "0.0.0.0", port: 8080 })
    expect(parseServeArgs(["--port=0", "--host=::1"])).toEqual({ host: "::1", port: 0 })
  })

  it("refuses a bad port, a missing host and an unknown option, naming them", () => {
    expect(() => parseServeArgs(["--port", "nine"])).toThrow('--port must be a port number (0-65535), not "nine"')
    expect(() => parseServeArgs(["--port", "70000"])).toThrow("--port must be a port number")
    expect(() => parseServeArgs(["--host"])).toThrow("--host needs an address")
    expect(() => parseServeArgs(["--open"])).toThrow('Unknown option "--open"')
  })
})

describe("serveBuild", () => {
  it("serves a build on the host asked, brotli first as the publisher does, with the page's CSP", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "serve-build-"))
    // Gatsby's page-path script as it writes it (JSON value, closing `;`): the only kind of inline script a page's CSP allows.
    fs.writeFileSync(path.join(root, "index.html"), '<html><body><script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/";/*]]>*/</script></body></html>')
    const server = await serveBuild(root, { host: "127.0.0.1", port: 0 })
    try {
      expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const response = await fetch(`${server.origin}/`, { headers: { "Accept-Encoding": "br, gzip" } })
      expect(response.headers.get("content-encoding")).toBe("br")
      expect(response.headers.get("content-security-policy")).toContain("script-src 'self' 'sha256-")
    } finally {
      await server.close()
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})
