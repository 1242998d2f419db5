import { FASTLY_KEYS_PER_REQUEST, fastlyAdapter } from "../../../../publisher/src/cdn/adapters/fastly"
import { fakeFetch, json, manyPaths } from "./fake-fetch"

// Checked against Fastly's documented API
// (https://www.fastly.com/documentation/reference/api/purging/): batch purge
// by Surrogate-Key header, up to 256 keys a request; purge_all for
// everything; Fastly-Soft-Purge: 1, which purge_all does not honour.

const SERVICE = "SU1Z0isxPaozGVKXdv0eY"
const TOKEN = "fastly-token"
const KEYS_URL = `https://api.fastly.com/service/${SERVICE}/purge`
const ALL_URL = `https://api.fastly.com/service/${SERVICE}/purge_all`

describe("fastlyAdapter", () => {
  it("purges keys in one POST to the service's purge endpoint, space-separated in Surrogate-Key, with the token in Fastly-Key", async () => {
    const { fetch, calls } = fakeFetch()
    await fastlyAdapter({ serviceId: SERVICE, apiToken: TOKEN, fetch }).purge({ keys: ["/series/1/", "/page-data/series/1/page-data.json"], paths: [], all: false })
    expect(calls).toHaveLength(1)
    const [call] = calls
    expect(call?.url).toBe(KEYS_URL)
    expect(call?.method).toBe("POST")
    expect(call?.headers.get("Surrogate-Key")).toBe("/series/1/ /page-data/series/1/page-data.json")
    expect(call?.headers.get("Fastly-Key")).toBe(TOKEN)
    expect(call?.headers.get("Accept")).toBe("application/json")
    // A hard purge unless asked: the soft header would leave stale copies to serve.
    expect(call?.headers.has("Fastly-Soft-Purge")).toBe(false)
    expect(call?.body).toBeUndefined()
  })

  it("splits more than 256 keys into requests of at most 256, sending every key exactly once, in order", async () => {
    expect(FASTLY_KEYS_PER_REQUEST).toBe(256)
    const keys = manyPaths(600)
    const { fetch, calls } = fakeFetch()
    await fastlyAdapter({ serviceId: SERVICE, apiToken: TOKEN, fetch }).purge({ keys, paths: keys, all: false })
    const sent = calls.map((call) => call.headers.get("Surrogate-Key")?.split(" ") ?? [])
    expect(sent.map((group) => group.length)).toEqual([256, 256, 88])
    expect(sent.flat()).toEqual(keys)
    expect(calls.every((call) => call.url === KEYS_URL)).toBe(true)
  })

  it("sends exactly 256 keys in one request (the limit is inclusive)", async () => {
    const { fetch, calls } = fakeFetch()
    await fastlyAdapter({ serviceId: SERVICE, apiToken: TOKEN, fetch }).purge({ keys: manyPaths(256), paths: [], all: false })
    expect(calls).toHaveLength(1)
  })

  it("sends a key named twice only once", async () => {
    const { fetch, calls } = fakeFetch()
    await fastlyAdapter({ serviceId: SERVICE, apiToken: TOKEN, fetch }).purge({ keys: ["/a/", "/b/", "/a/"], paths: [], all: false })
    expect(calls[0]?.headers.get("Surrogate-Key")).toBe("/a/ /b/")
  })

  it("purges everything with purge_all and no Surrogate-Key", async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { status: "ok" }))
    await fastlyAdapter({ serviceId: SERVICE, apiToken: TOKEN, fetch }).purge({ keys: [], paths: [], all: true })
    expect(calls.map((call) => [call.url, call.method])).toEqual([[ALL_URL, "POST"]])
    expect(calls[0]?.headers.get("Fastly-Key")).toBe(TOKEN)
    expect(calls[0]?.headers.has("Surrogate-Key")).toBe(false)
  })

  it("soft-purges keys with Fastly-Soft-Purge: 1, and a soft 'everything' through the site key, since purge_all is always hard", async () => {
    const { fetch, calls } = fakeFetch()
    const fastly = fastlyAdapter({ serviceId: SERVICE, apiToken: TOKEN, fetch, softPurge: true })
    await fastly.purge({ keys: ["/a/"], paths: [], all: false })
    await fastly.purge({ keys: [], paths: [], all: true })
    expect(calls.map((call) => [call.url, call.headers.get("Surrogate-Key"), call.headers.get("Fastly-Soft-Purge")])).toEqual([
      [KEYS_URL, "/a/", "1"],
      [KEYS_URL, "site", "1"],
    ])
  })

  it("makes no request when there is nothing to purge", async () => {
    const { fetch, calls } = fakeFetch()
    await fastlyAdapter({ serviceId: SERVICE, apiToken: TOKEN, fetch }).purge({ keys: [], paths: [], all: false })
    expect(calls).toHaveLength(0)
  })

  it("rejects, naming Fastly, the status and the body, when Fastly refuses", async () => {
    const { fetch } = fakeFetch(() => json(401, { msg: "Provided credentials are missing or invalid" }))
    await expect(fastlyAdapter({ serviceId: SERVICE, apiToken: TOKEN, fetch }).purge({ keys: ["/a/"], paths: [], all: false })).rejects.toThrow(
      /^fastly refused purging 1 keys: HTTP 401 .*credentials are missing/,
    )
  })

  it("rejects a refused purge_all, and stops at the first refused batch rather than sending the rest", async () => {
    const all = fakeFetch(() => new Response("Service Unavailable", { status: 503 }))
    await expect(fastlyAdapter({ serviceId: SERVICE, apiToken: TOKEN, fetch: all.fetch }).purge({ keys: [], paths: [], all: true })).rejects.toThrow(
      "fastly refused purging everything: HTTP 503 Service Unavailable",
    )
    const batches = fakeFetch((_, index) => (index === 1 ? json(500, { msg: "boom" }) : json(200, {})))
    await expect(fastlyAdapter({ serviceId: SERVICE, apiToken: TOKEN, fetch: batches.fetch }).purge({ keys: manyPaths(600), paths: [], all: false })).rejects.toThrow(/HTTP 500/)
    expect(batches.calls).toHaveLength(2)
  })

  it("refuses a key with whitespace before sending anything: the header would read it as two keys", async () => {
    const { fetch, calls } = fakeFetch()
    await expect(fastlyAdapter({ serviceId: SERVICE, apiToken: TOKEN, fetch }).purge({ keys: ["/a/", "/b c/"], paths: [], all: false })).rejects.toThrow(/fastly.*"\/b c\/"/)
    expect(calls).toHaveLength(0)
  })

  it("passes the caller's abort signal to fetch, and sends nothing once it has fired", async () => {
    const { fetch, calls } = fakeFetch()
    const controller = new AbortController()
    const fastly = fastlyAdapter({ serviceId: SERVICE, apiToken: TOKEN, fetch })
    await fastly.purge({ keys: ["/a/"], paths: [], all: false }, controller.signal)
    expect(calls[0]?.signal).toBe(controller.signal)
    controller.abort()
    await expect(fastly.purge({ keys: ["/b/"], paths: [], all: false }, controller.signal)).rejects.toThrow()
    expect(calls).toHaveLength(1)
  })
})
