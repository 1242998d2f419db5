/**
 * Cloudflare: purges by cache-tag through Cloudflare's API.
 *
 * Documented shape (https://developers.cloudflare.com/api/resources/cache/methods/purge/):
 * - `POST https://api.cloudflare.com/client/v4/zones/{zone_id}/purge_cache`
 *   with `Authorization: Bearer <API token>` (a token with the Cache Purge
 *   permission) and `Content-Type: application/json`.
 * - keys: body `{"tags":[...]}`; everything: body `{"purge_everything":true}`.
 * - Cloudflare answers `{"success":bool,"errors":[...],"messages":[...],"result":...}`,
 *   and `success: false` is a refusal even when the status is 200.
 * - limits (https://developers.cloudflare.com/cache/how-to/purge-cache/, "Purge
 *   limits"): up to 100 operations (tags) per request on every plan, so larger
 *   releases go in batches of 100. Older pages said 30 tags a call, and tag
 *   purging for Enterprise only; the current page lists tags for all plans.
 *   Requests are rate-limited per account by a token bucket (Free: 5 a minute,
 *   bucket 25; Pro 5/s; Business 10/s; Enterprise 50/s): a 429 surfaces as a
 *   refusal like any other.
 * - a tag in a purge call may be at most 1,024 characters, tags are
 *   case-insensitive and hold no spaces
 *   (https://developers.cloudflare.com/cache/how-to/purge-cache/purge-by-tags/).
 *
 * Unit-tested against these documented request shapes only
 * (__tests__/publisher/cdn/adapters/cloudflare.test.ts); not exercised against
 * the live Cloudflare API here.
 */
import { CdnAdapter, expectSuccess, Fetch, inGroups, NO_REDIRECTS, PurgeRequest } from "../purge-request"

const API = "https://api.cloudflare.com/client/v4"
/** Cloudflare's documented maximum of tags in one purge request (every plan). */
export const CLOUDFLARE_TAGS_PER_REQUEST = 100

export interface CloudflareOptions {
  zoneId: string
  apiToken: string
  fetch?: Fetch
}

export function cloudflareAdapter(options: CloudflareOptions): CdnAdapter {
  const fetch = options.fetch ?? globalThis.fetch
  const url = `${API}/zones/${encodeURIComponent(options.zoneId)}/purge_cache`

  async function post(body: object, what: string, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted()
    const response = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${options.apiToken}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal,
      ...NO_REDIRECTS,
    })
    if (!response.ok) return expectSuccess("cloudflare", what, response)
    // A 200 is not enough: Cloudflare's envelope says whether it did the work.
    const text = await response.text()
    let answer: unknown
    try {
      answer = JSON.parse(text)
    } catch {
      answer = undefined
    }
    if (typeof answer === "object" && answer !== null && (answer as { success?: unknown }).success === true) return
    const shown = text.replace(/\s+/g, " ").trim().slice(0, 200)
    throw new Error(`cloudflare refused ${what}: HTTP ${response.status}${shown ? ` ${shown}` : ""}`)
  }

  return {
    name: "cloudflare",
    async purge(request: PurgeRequest, signal?: AbortSignal): Promise<void> {
      if (request.all) return post({ purge_everything: true }, "purging everything", signal)
      const tags = [...new Set(request.keys)]
      // A tag with a comma or space could never have been set by the Cache-Tag header.
      const bad = tags.find((tag) => tag === "" || /[\s,]/.test(tag))
      if (bad !== undefined) throw new Error(`cloudflare cannot purge the tag ${JSON.stringify(bad)}: tags must be non-empty and hold no spaces or commas`)
      for (const group of inGroups(tags, CLOUDFLARE_TAGS_PER_REQUEST)) {
        await post({ tags: group }, `purging ${group.length} tags`, signal)
      }
    },
  }
}
