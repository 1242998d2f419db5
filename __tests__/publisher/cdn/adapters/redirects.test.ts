import http from "node:http"
import type { AddressInfo } from "node:net"
import { cloudflareAdapter } from "../../../../publisher/src/cdn/adapters/cloudflare"
import { cloudfrontAdapter } from "../../../../publisher/src/cdn/adapters/cloudfront"
import { fastlyAdapter } from "../../../../publisher/src/cdn/adapters/fastly"
import { varnishAdapter } from "../../../../publisher/src/cdn/adapters/varnish"
import type { CdnAdapter, Fetch } from "../../../../publisher/src/cdn/purge-request"

// A CDN's API (or a name that now points elsewhere) answering a redirect must
// not get the purge, with its credentials, sent on to the host it names. Real
// servers and Node's own fetch: the adapters are told not to follow, and
// nothing else stands between them and the second server.

interface Received {
  method: string | undefined
  url: string | undefined
  headers: http.IncomingHttpHeaders
}

function listen(handler: http.RequestListener): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer(handler)
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })))
}

/** Node's fetch, with the CDN's API host swapped for `origin` (the path and everything the adapter set kept). */
const toOrigin =
  (origin: string): Fetch =>
  (input, init) =>
    fetch(`${origin}${new URL(input).pathname}`, init)

const adapters: [string, (origin: string) => CdnAdapter][] = [
  ["varnish", (origin) => varnishAdapter({ url: origin })],
  ["fastly", (origin) => fastlyAdapter({ serviceId: "SU1Z0isxPaozGVKXdv0eY", apiToken: "fastly-secret", fetch: toOrigin(origin) })],
  ["cloudflare", (origin) => cloudflareAdapter({ zoneId: "023e105f4ecef8ad9ca31a8372d0c353", apiToken: "cloudflare-secret", fetch: toOrigin(origin) })],
  [
    "cloudfront",
    (origin) =>
      cloudfrontAdapter({
        distributionId: "EDFDVBD6EXAMPLE",
        accessKeyId: "AKIAIOSFODNN7EXAMPLE",
        secretAccessKey: "aws-secret",
        sessionToken: "aws-session-secret",
        fetch: toOrigin(origin),
      }),
  ],
]

describe("a CDN adapter answered with a redirect", () => {
  let elsewhere: { server: http.Server; origin: string }
  let redirecting: { server: http.Server; origin: string }
  let status = 307
  const reachedElsewhere: Received[] = []

  beforeAll(async () => {
    elsewhere = await listen((request, response) => {
      reachedElsewhere.push({ method: request.method, url: request.url, headers: request.headers })
      response.end("{}")
    })
    redirecting = await listen((request, response) => {
      request.resume()
      response.writeHead(status, { Location: `${elsewhere.origin}/stolen${request.url}` }).end()
    })
  })

  afterAll(async () => {
    for (const { server } of [elsewhere, redirecting]) await new Promise((resolve) => server.close(resolve))
  })

  beforeEach(() => {
    reachedElsewhere.length = 0
  })

  describe.each(adapters)("%s", (name, make) => {
    it.each([307, 302, 308])("fails on a %i naming where it pointed, and sends nothing there", async (code) => {
      status = code
      const adapter = make(redirecting.origin)
      await expect(adapter.purge({ keys: ["/series/1/"], paths: ["/series/1/"], all: false })).rejects.toThrow(
        new RegExp(`^${name === "varnish" ? "Varnish" : name} answered .* with a redirect \\(HTTP ${code} to ${elsewhere.origin}/stolen/.*\\), not followed`),
      )
      await expect(adapter.purge({ keys: [], paths: [], all: true })).rejects.toThrow(/with a redirect/)
      // Not a request, so no Authorization, Fastly-Key or X-Amz-Security-Token either.
      expect(reachedElsewhere).toEqual([])
    })
  })
})
