import http from "node:http"
import type { AddressInfo } from "node:net"
import { CatalogueRequestError, createHttpClient, fillPath, joinUrl, resolveAgainst, type HttpClientOptions } from "../../../../plugins/gatsby-source-catalogue/src/http/client"
import { PREVIEW_TOKEN_HEADER } from "../../../../contract/preview/draft-videos"
import { retryAfterMs } from "../../../../node-kit/http/retry-after"
import { ERROR_CODES } from "../../../../plugins/gatsby-source-catalogue/src/constants"
import { createLimiter } from "../../../../plugins/gatsby-source-catalogue/src/http/limiter"
import { requestLimits } from "../helpers/request-limits"

/** A real little HTTP server, so the client's own fetch and timeouts are exercised. */
function serve(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler)
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}/api`,
        close: () => new Promise((done) => server.close(() => done())),
      })
    }),
  )
}

function client(overrides: Partial<HttpClientOptions> & Pick<HttpClientOptions, "baseUrl">) {
  const sleeps: number[] = []
  const instance = createHttpClient({
    ...requestLimits(overrides.baseUrl),
    timeoutMs: 2000,
    retries: 3,
    retryBaseDelayMs: 100,
    limiter: createLimiter(8),
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    ...overrides,
  })
  return { instance, sleeps }
}

async function failure(promise: Promise<unknown>): Promise<CatalogueRequestError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(CatalogueRequestError)
  return error as CatalogueRequestError
}

describe("url helpers", () => {
  it("joinUrl keeps the base path and has exactly one slash between", () => {
    expect(joinUrl("http://h/api", "categories")).toBe("http://h/api/categories")
    expect(joinUrl("http://h/api/", "/categories/1")).toBe("http://h/api/categories/1")
  })

  it("resolveAgainst keeps an absolute URL and puts a relative one below the base, its path kept", () => {
    expect(resolveAgainst("http://h/video-host", "/videos/1/texttracks/en.vtt")).toBe("http://h/video-host/videos/1/texttracks/en.vtt")
    expect(resolveAgainst("https://h/v", "https://cdn.test/en.vtt")).toBe("https://cdn.test/en.vtt")
    expect(resolveAgainst("https://h/v", "//cdn.test/en.vtt")).toBe("https://cdn.test/en.vtt")
    expect(resolveAgainst("https://h/v", "javascript:alert(1)")).toBe("javascript:alert(1)")
  })

  it("fillPath encodes what it fills in", () => {
    expect(fillPath("/videos/{path}", { path: "a/b c" })).toBe("/videos/a%2Fb%20c")
  })

  it("retryAfterMs reads seconds and HTTP dates, and caps absurd waits", () => {
    expect(retryAfterMs("3")).toBe(3000)
    expect(retryAfterMs(new Date(10_000).toUTCString(), 5_000)).toBe(5000)
    expect(retryAfterMs("86400")).toBe(120_000)
    expect(retryAfterMs(null)).toBeUndefined()
    expect(retryAfterMs("soon")).toBeUndefined()
  })
})

describe("createHttpClient", () => {
  it("parses JSON and sends its headers", async () => {
    let seen: http.IncomingHttpHeaders = {}
    const api = await serve((req, res) => {
      seen = req.headers
      res.end('{"data":[1]}')
    })
    const { instance } = client({ baseUrl: api.url, headers: { Authorization: "Bearer t" } })
    await expect(instance.getJson("categories")).resolves.toEqual({ url: `${api.url}/categories`, body: { data: [1] }, storable: true })
    expect(seen.authorization).toBe("Bearer t")
    await api.close()
  })

  it("says an answer marked no-store is for this build only", async () => {
    const api = await serve((req, res) => {
      if (req.url === "/api/draft") res.setHeader("Cache-Control", "private, no-store")
      else if (req.url === "/api/fresh") res.setHeader("Cache-Control", "public, max-age=60")
      res.end("{}")
    })
    const { instance } = client({ baseUrl: api.url })
    await expect(instance.getJson("draft")).resolves.toMatchObject({ storable: false })
    await expect(instance.getJson("fresh")).resolves.toMatchObject({ storable: true })
    await expect(instance.getJson("plain")).resolves.toMatchObject({ storable: true })
    await api.close()
  })

  it("gets text with its own cap, sending its headers to its own origin only", async () => {
    const seen: (string | undefined)[] = []
    const other = await serve((req, res) => {
      seen.push(`other ${req.headers.authorization} ${req.headers.accept}`)
      res.end("WEBVTT\n")
    })
    const api = await serve((req, res) => {
      seen.push(`own ${req.headers.authorization} ${req.headers.accept}`)
      if (req.url === "/api/big.vtt") res.end("x".repeat(2048))
      else res.writeHead(200, { "Cache-Control": "no-store" }).end("WEBVTT\n\nCafé")
    })
    try {
      const { instance } = client({ baseUrl: api.url, headers: { Authorization: "Bearer t" }, ...requestLimits(api.url, other.url) })
      const request = { accept: "text/vtt", maxBytes: 1024, option: "maxTextTrackBytes" }
      await expect(instance.getText(`${api.url}/en.vtt`, request)).resolves.toEqual({ url: `${api.url}/en.vtt`, text: "WEBVTT\n\nCafé", storable: false })
      await expect(instance.getText(`${other.url}/en.vtt`, request)).resolves.toMatchObject({ text: "WEBVTT\n", storable: true })
      const error = await failure(instance.getText(`${api.url}/big.vtt`, request))
      expect([error.code, error.reason]).toEqual([ERROR_CODES.CatalogueTooLarge, "answered more than 1 KiB (the maxTextTrackBytes option)"])
      expect(seen).toEqual(["own Bearer t text/vtt", "other undefined text/vtt", "own Bearer t text/vtt"])
    } finally {
      await Promise.all([api.close(), other.close()])
    }
  })

  it("retries 5xx with exponential backoff, then names the URL, status and retries", async () => {
    let hits = 0
    const api = await serve((_, res) => {
      hits += 1
      res.statusCode = 503
      res.end("down")
    })
    const { instance, sleeps } = client({ baseUrl: api.url })
    const error = await failure(instance.getJson("categories"))
    expect(error.code).toBe(ERROR_CODES.CatalogueHttpError)
    expect(error.message).toBe(`${api.url}/categories: answered HTTP 503 (after 3 retries)`)
    expect(hits).toBe(4)
    expect(sleeps).toEqual([100, 200, 400])
    expect(instance.requestCount).toBe(4)
    await api.close()
  })

  it("waits as long as a 429's Retry-After says, then succeeds", async () => {
    let hits = 0
    const api = await serve((_, res) => {
      hits += 1
      if (hits === 1) {
        res.writeHead(429, { "Retry-After": "7" })
        res.end()
        return
      }
      res.end("{}")
    })
    const { instance, sleeps } = client({ baseUrl: api.url })
    await expect(instance.getJson("videos/1")).resolves.toMatchObject({ body: {} })
    expect(sleeps).toEqual([7000])
    await api.close()
  })

  it("does not retry a 404 or other 4xx", async () => {
    let hits = 0
    const api = await serve((_, res) => {
      hits += 1
      res.statusCode = 404
      res.end()
    })
    const { instance } = client({ baseUrl: api.url })
    const error = await failure(instance.getJson("categories/9"))
    expect(error.status).toBe(404)
    expect(hits).toBe(1)
    await api.close()
  })

  it("names the URL and quotes the start of a non-JSON answer", async () => {
    const api = await serve((_, res) => res.end("<!doctype html><title>Maintenance</title>"))
    const error = await failure(client({ baseUrl: api.url }).instance.getJson("categories"))
    expect(error.code).toBe(ERROR_CODES.CatalogueNotJson)
    expect(error.message).toBe(`${api.url}/categories: did not answer JSON (it began: "<!doctype html><title>Maintenance</title>")`)
    await api.close()
  })

  it("reports an address where nothing listens as unreachable, after retrying", async () => {
    const api = await serve(() => undefined)
    await api.close()
    const { instance, sleeps } = client({ baseUrl: api.url, retries: 1 })
    const error = await failure(instance.getJson("categories"))
    expect(error.code).toBe(ERROR_CODES.CatalogueUnreachable)
    expect(error.message).toMatch(/categories: could not be reached \(.*ECONNREFUSED.*\) \(after 1 retry\)$/)
    expect(sleeps).toHaveLength(1)
  })

  it("gives up on a server that never answers after the timeout", async () => {
    const api = await serve(() => undefined)
    const { instance } = client({ baseUrl: api.url, timeoutMs: 200, retries: 0 })
    const error = await failure(instance.getJson("categories"))
    expect(error.message).toBe(`${api.url}/categories: did not answer within 200 ms`)
    await api.close()
  })

  it("keeps at most `concurrency` requests in flight", async () => {
    let inFlight = 0
    let peak = 0
    const api = await serve((_, res) => {
      inFlight += 1
      peak = Math.max(peak, inFlight)
      setTimeout(() => {
        inFlight -= 1
        res.end("{}")
      }, 30)
    })
    const { instance } = client({ baseUrl: api.url, limiter: createLimiter(3) })
    await Promise.all(Array.from({ length: 12 }, (_, i) => instance.getJson(`series/${i}`)))
    expect(peak).toBe(3)
    await api.close()
  })

  it("fails an answer over maxBytes at once, whether its length is declared or it streams, and reads one at the cap", async () => {
    let hits = 0
    const api = await serve((req, res) => {
      hits += 1
      const body = JSON.stringify({ data: "x".repeat(req.url!.endsWith("at-cap") ? 1013 : 4096) })
      if (req.url!.endsWith("declared")) res.setHeader("Content-Length", Buffer.byteLength(body))
      // Unannounced: sent in pieces, without a length.
      for (let at = 0; at < body.length; at += 500) res.write(body.slice(at, at + 500))
      res.end()
    })
    const { instance, sleeps } = client({ baseUrl: api.url, maxBytes: 1024 })
    for (const path of ["declared", "streamed"]) {
      const error = await failure(instance.getJson(path))
      expect(error.code).toBe(ERROR_CODES.CatalogueTooLarge)
      expect(error.message).toBe(`${api.url}/${path}: answered more than 1 KiB (the maxJsonBytes option)`)
    }
    expect([hits, sleeps]).toEqual([2, []])
    await expect(instance.getJson("at-cap")).resolves.toMatchObject({ body: { data: "x".repeat(1013) } })
    await api.close()
  })

  it("follows a redirect on its own origin, and refuses one to another host without naming it or asking it", async () => {
    let elsewhereHits = 0
    const elsewhere = await serve((_, res) => {
      elsewhereHits += 1
      res.end('{"secret":true}')
    })
    const api = await serve((req, res) => {
      const target = req.url === "/api/moved" ? "/api/categories" : req.url === "/api/away" ? `${elsewhere.url}/latest/meta-data` : undefined
      if (target) {
        res.writeHead(302, { Location: target })
        res.end()
        return
      }
      res.end('{"data":[]}')
    })
    const { instance, sleeps } = client({ baseUrl: api.url })
    await expect(instance.getJson("moved")).resolves.toEqual({ url: `${api.url}/moved`, body: { data: [] }, storable: true })
    const error = await failure(instance.getJson("away"))
    expect(error.code).toBe(ERROR_CODES.CatalogueRefused)
    expect(error.message).toBe(`${api.url}/away: redirected to a host the build does not fetch from`)
    expect([elsewhereHits, sleeps]).toEqual([0, []])
    await Promise.all([api.close(), elsewhere.close()])
  })

  it("sends its tokens on a redirect within its origin, and never to another allowed origin, even when sent back", async () => {
    const TOKEN = "Bearer video-token-never-elsewhere"
    const PREVIEW = "preview-token-never-elsewhere"
    const seen: { at: string; authorization: string | undefined; preview?: string | string[] }[] = []
    const record = (at: string, req: http.IncomingMessage) =>
      seen.push({ at: `${at} ${req.url}`, authorization: req.headers.authorization, ...(req.headers[PREVIEW_TOKEN_HEADER] && { preview: req.headers[PREVIEW_TOKEN_HEADER] }) })
    const cdn = await serve((req, res) => {
      record("cdn", req)
      if (req.url === "/api/back") {
        res.writeHead(307, { Location: `${host.url}/final` })
        res.end()
        return
      }
      res.end('{"from":"cdn"}')
    })
    const host = await serve((req, res) => {
      record("host", req)
      const target = ({ "/api/moved": "/api/videos/1", "/api/away": `${cdn.url}/videos/1`, "/api/round-trip": `${cdn.url}/back` } as Record<string, string>)[req.url ?? ""]
      if (target) {
        res.writeHead(302, { Location: target })
        res.end()
        return
      }
      res.end('{"from":"host"}')
    })
    try {
      // Both origins allowed, as the video host's and an image CDN's are.
      const { instance } = client({ baseUrl: host.url, headers: { Authorization: TOKEN, [PREVIEW_TOKEN_HEADER]: PREVIEW }, ...requestLimits(host.url, cdn.url) })
      await expect(instance.getJson("moved")).resolves.toMatchObject({ body: { from: "host" } })
      await expect(instance.getJson("away")).resolves.toMatchObject({ body: { from: "cdn" } })
      await expect(instance.getJson("round-trip")).resolves.toMatchObject({ body: { from: "host" } })
      expect(seen).toEqual([
        { at: "host /api/moved", authorization: TOKEN, preview: PREVIEW },
        { at: "host /api/videos/1", authorization: TOKEN, preview: PREVIEW },
        { at: "host /api/away", authorization: TOKEN, preview: PREVIEW },
        { at: "cdn /api/videos/1", authorization: undefined },
        { at: "host /api/round-trip", authorization: TOKEN, preview: PREVIEW },
        { at: "cdn /api/back", authorization: undefined },
        { at: "host /api/final", authorization: undefined },
      ])
    } finally {
      await Promise.all([host.close(), cdn.close()])
    }
  })
})
