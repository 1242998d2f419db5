/**
 * Fastly: purges by surrogate key through Fastly's API.
 *
 * Documented shape (https://www.fastly.com/documentation/reference/api/purging/):
 * - keys: `POST https://api.fastly.com/service/{service_id}/purge`, the keys
 *   space-separated in a `Surrogate-Key` request header ("Purge multiple
 *   surrogate key tags (header)"); up to 256 keys in one request, so larger
 *   releases go in batches of 256.
 * - everything: `POST https://api.fastly.com/service/{service_id}/purge_all`.
 * - auth: `Fastly-Key: <API token>` (a token with the purge_select scope for
 *   keys, purge_all for everything), with `Accept: application/json`.
 * - soft purge: `Fastly-Soft-Purge: 1` marks objects stale instead of
 *   removing them. Fastly documents that purge_all cannot be soft and
 *   suggests purging a key every object carries instead: here SITE_KEY.
 * - a key may be at most 1 KB long
 *   (https://www.fastly.com/documentation/reference/vcl/constraints-and-limitations/).
 *
 * Unit-tested against these documented request shapes only
 * (__tests__/publisher/cdn/adapters/fastly.test.ts); not exercised against
 * the live Fastly API here.
 */
import { CdnAdapter, expectSuccess, Fetch, inGroups, NO_REDIRECTS, PurgeRequest, SITE_KEY } from "../purge-request"

const API = "https://api.fastly.com"
/** Fastly's documented maximum of surrogate keys in one batch purge request. */
export const FASTLY_KEYS_PER_REQUEST = 256

export interface FastlyOptions {
  serviceId: string
  apiToken: string
  fetch?: Fetch
  /** Mark purged objects stale (served while revalidating) rather than removing them. */
  softPurge?: boolean
}

export function fastlyAdapter(options: FastlyOptions): CdnAdapter {
  const fetch = options.fetch ?? globalThis.fetch
  const service = `${API}/service/${encodeURIComponent(options.serviceId)}`
  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
    "Fastly-Key": options.apiToken,
    Accept: "application/json",
    ...(options.softPurge ? { "Fastly-Soft-Purge": "1" } : {}),
    ...extra,
  })

  async function purgeKeys(keys: string[], signal?: AbortSignal): Promise<void> {
    for (const group of inGroups(keys, FASTLY_KEYS_PER_REQUEST)) {
      signal?.throwIfAborted()
      const response = await fetch(`${service}/purge`, { method: "POST", headers: headers({ "Surrogate-Key": group.join(" ") }), signal, ...NO_REDIRECTS })
      await expectSuccess("fastly", `purging ${group.length} keys`, response)
    }
  }

  return {
    name: "fastly",
    async purge(request: PurgeRequest, signal?: AbortSignal): Promise<void> {
      if (request.all) {
        // purge_all is always hard; a soft "everything" is the key every answer carries.
        if (options.softPurge) return purgeKeys([SITE_KEY], signal)
        const response = await fetch(`${service}/purge_all`, { method: "POST", headers: headers(), signal, ...NO_REDIRECTS })
        return expectSuccess("fastly", "purging everything", response)
      }
      const keys = [...new Set(request.keys)]
      // The header separates keys by spaces: a key holding one would purge two other keys.
      const bad = keys.find((key) => key === "" || /\s/.test(key))
      if (bad !== undefined) throw new Error(`fastly cannot purge the key ${JSON.stringify(bad)}: keys must be non-empty and hold no whitespace`)
      return purgeKeys(keys, signal)
    },
  }
}
