import http from "node:http"
import type { AddressInfo } from "node:net"
import { CatalogueRequestError, createCatalogueClient, joinUrl } from "../../../plugins/gatsby-source-catalogue/src/client"
import { ERROR_CODES } from "../../../plugins/gatsby-source-catalogue/src/constants"

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

async function failure(promise: Promise<unknown>): Promise<CatalogueRequestError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(CatalogueRequestError)
  return error as CatalogueRequestError
}

describe("joinUrl", () => {
  it("keeps the base path and has exactly one slash between", () => {
    expect(joinUrl("http://h/api", "categories")).toBe("http://h/api/categories")
    expect(joinUrl("http://h/api/", "/categories/1")).toBe("http://h/api/categories/1")
  })
})

describe("createCatalogueClient", () => {
  it("parses a JSON answer", async () => {
    const api = await serve((_, res) => res.end('{"data":[1]}'))
    const client = createCatalogueClient({ apiUrl: api.url, requestTimeoutMs: 2000 })
    await expect(client.getJson("categories")).resolves.toEqual({ data: [1] })
    await api.close()
  })

  it("names the URL and the status of an HTTP error", async () => {
    const api = await serve((_, res) => {
      res.statusCode = 503
      res.end("down")
    })
    const error = await failure(createCatalogueClient({ apiUrl: api.url, requestTimeoutMs: 2000 }).getJson("categories"))
    expect(error.code).toBe(ERROR_CODES.CatalogueHttpError)
    expect(error.message).toBe(`${api.url}/categories: answered HTTP 503`)
    await api.close()
  })

  it("names the URL and quotes the start of a non-JSON answer", async () => {
    const api = await serve((_, res) => res.end("<!doctype html><title>Maintenance</title>"))
    const error = await failure(createCatalogueClient({ apiUrl: api.url, requestTimeoutMs: 2000 }).getJson("categories"))
    expect(error.code).toBe(ERROR_CODES.CatalogueNotJson)
    expect(error.message).toContain(`${api.url}/categories: did not answer JSON`)
    expect(error.message).toContain("<!doctype html>")
    await api.close()
  })

  it("reports an address where nothing listens as unreachable", async () => {
    const api = await serve(() => undefined)
    await api.close()
    const error = await failure(createCatalogueClient({ apiUrl: api.url, requestTimeoutMs: 2000 }).getJson("categories"))
    expect(error.code).toBe(ERROR_CODES.CatalogueUnreachable)
    expect(error.message).toMatch(/could not be reached \(.*ECONNREFUSED/)
  })

  it("gives up on a server that never answers after the timeout", async () => {
    const api = await serve(() => undefined)
    const error = await failure(createCatalogueClient({ apiUrl: api.url, requestTimeoutMs: 200 }).getJson("categories"))
    expect(error.code).toBe(ERROR_CODES.CatalogueUnreachable)
    expect(error.message).toBe(`${api.url}/categories: did not answer within 200 ms`)
    await api.close()
  })
})
