import { CLOUDFLARE_TAGS_PER_REQUEST, cloudflareAdapter } from "../../../../publisher/src/cdn/adapters/cloudflare"
import { fakeFetch, json, manyPaths } from "./fake-fetch"

// Checked against Cloudflare's documented API
// (https://developers.cloudflare.com/api/resources/cache/methods/purge/ and
// https://developers.cloudflare.com/cache/how-to/purge-cache/): a JSON body of
// tags, at most 100 a request, or purge_everything; and an envelope whose
// `success` decides, whatever the HTTP status.

const ZONE = "023e105f4ecef8ad9ca31a8372d0c353"
const TOKEN = "cloudflare-token"
const URL = `https://api.cloudflare.com/client/v4/zones/${ZONE}/purge_cache`
const OK = { success: true, errors: [], messages: [], result: { id: ZONE } }

describe("cloudflareAdapter", () => {
  it("purges tags in one POST to the zone's purge_cache, a JSON body of tags, with a bearer token", async () => {
    const { fetch, calls } = fakeFetch(() => json(200, OK))
    await cloudflareAdapter({ zoneId: ZONE, apiToken: TOKEN, fetch }).purge({ keys: ["/series/1/", "site"], paths: [], all: false })
    expect(calls).toHaveLength(1)
    const [call] = calls
    expect(call?.url).toBe(URL)
    expect(call?.method).toBe("POST")
    expect(call?.headers.get("Authorization")).toBe(`Bearer ${TOKEN}`)
    expect(call?.headers.get("Content-Type")).toBe("application/json")
    expect(JSON.parse(call?.body ?? "")).toEqual({ tags: ["/series/1/", "site"] })
  })

  it("splits more than 100 tags into requests of at most 100, every tag exactly once, in order", async () => {
    expect(CLOUDFLARE_TAGS_PER_REQUEST).toBe(100)
    const tags = manyPaths(250)
    const { fetch, calls } = fakeFetch(() => json(200, OK))
    await cloudflareAdapter({ zoneId: ZONE, apiToken: TOKEN, fetch }).purge({ keys: tags, paths: tags, all: false })
    const sent = calls.map((call) => (JSON.parse(call.body ?? "") as { tags: string[] }).tags)
    expect(sent.map((group) => group.length)).toEqual([100, 100, 50])
    expect(sent.flat()).toEqual(tags)
  })

  it("purges everything with purge_everything and no tags", async () => {
    const { fetch, calls } = fakeFetch(() => json(200, OK))
    await cloudflareAdapter({ zoneId: ZONE, apiToken: TOKEN, fetch }).purge({ keys: ["/a/"], paths: [], all: true })
    expect(calls.map((call) => [call.url, call.method, JSON.parse(call.body ?? "")])).toEqual([[URL, "POST", { purge_everything: true }]])
  })

  it("makes no request when there is nothing to purge", async () => {
    const { fetch, calls } = fakeFetch(() => json(200, OK))
    await cloudflareAdapter({ zoneId: ZONE, apiToken: TOKEN, fetch }).purge({ keys: [], paths: [], all: false })
    expect(calls).toHaveLength(0)
  })

  it("rejects an HTTP 200 whose envelope says success: false, naming Cloudflare, the status and the error", async () => {
    const refusal = { success: false, errors: [{ code: 1134, message: "Purge by tag is not available" }], messages: [], result: null }
    const { fetch } = fakeFetch(() => json(200, refusal))
    await expect(cloudflareAdapter({ zoneId: ZONE, apiToken: TOKEN, fetch }).purge({ keys: ["/a/"], paths: [], all: false })).rejects.toThrow(
      /^cloudflare refused purging 1 tags: HTTP 200 .*1134.*Purge by tag is not available/,
    )
  })

  it("rejects an HTTP 200 that is not Cloudflare's envelope: nothing confirms the purge happened", async () => {
    const { fetch } = fakeFetch(() => new Response("<html>captive portal</html>", { status: 200 }))
    await expect(cloudflareAdapter({ zoneId: ZONE, apiToken: TOKEN, fetch }).purge({ keys: [], paths: [], all: true })).rejects.toThrow(
      "cloudflare refused purging everything: HTTP 200 <html>captive portal</html>",
    )
  })

  it("rejects an HTTP error with its status and body, and sends no further batch", async () => {
    const { fetch, calls } = fakeFetch(() => json(429, { success: false, errors: [{ code: 10000, message: "Rate limited" }], messages: [], result: null }))
    await expect(cloudflareAdapter({ zoneId: ZONE, apiToken: TOKEN, fetch }).purge({ keys: manyPaths(150), paths: [], all: false })).rejects.toThrow(
      /^cloudflare refused purging 100 tags: HTTP 429 .*Rate limited/,
    )
    expect(calls).toHaveLength(1)
  })

  it("refuses a tag with a comma or a space before sending anything", async () => {
    const { fetch, calls } = fakeFetch(() => json(200, OK))
    for (const bad of ["/a,b/", "/a b/"]) {
      await expect(cloudflareAdapter({ zoneId: ZONE, apiToken: TOKEN, fetch }).purge({ keys: ["/ok/", bad], paths: [], all: false })).rejects.toThrow(
        /^cloudflare cannot purge the tag/,
      )
    }
    expect(calls).toHaveLength(0)
  })
})
