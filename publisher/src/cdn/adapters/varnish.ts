import { expectSuccess, NO_REDIRECTS, SITE_KEY, type CdnAdapter, type Fetch, type PurgeRequest } from "../purge-request"

/**
 * Varnish with the xkey module, as deploy/varnish/site.vcl sets it up: a
 * `PURGE` request whose `xkey-purge` header names the keys, accepted on
 * Varnish's `purge` listen address from the addresses in the VCL's
 * `purgers` ACL only. Everything is one key,
 * `site`, which every answer carries. Keys go in requests of at most
 * ~6 KB of header, under Varnish's default http_req_hdr_len (8 KB).
 */
const HEADER_BYTES = 6000

export function varnishAdapter(options: { url: string; fetch?: Fetch }): CdnAdapter {
  const send = options.fetch ?? fetch
  const purgeUrl = new URL("/", options.url).href
  return {
    name: `varnish ${new URL(options.url).host}`,
    async purge(request: PurgeRequest, signal?: AbortSignal) {
      for (const keys of request.all ? [[SITE_KEY]] : byHeaderSize(request.keys)) {
        const response = await send(purgeUrl, { method: "PURGE", headers: { "xkey-purge": keys.join(" ") }, signal: signal ?? AbortSignal.timeout(10_000), ...NO_REDIRECTS })
        await expectSuccess("Varnish", request.all ? "purging everything" : `purging ${keys.length} key(s)`, response)
      }
    },
  }
}

/** Keys in groups whose space-separated header stays under HEADER_BYTES. */
function byHeaderSize(keys: readonly string[]): string[][] {
  const groups: string[][] = []
  let size = 0
  for (const key of keys) {
    const last = groups.at(-1)
    if (!last || size + key.length + 1 > HEADER_BYTES) {
      groups.push([key])
      size = key.length
    } else {
      last.push(key)
      size += key.length + 1
    }
  }
  return groups
}
