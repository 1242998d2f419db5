import type { CdnSettings } from "../config"
import { cloudflareAdapter } from "./adapters/cloudflare"
import { cloudfrontAdapter } from "./adapters/cloudfront"
import { fastlyAdapter } from "./adapters/fastly"
import { varnishAdapter } from "./adapters/varnish"
import type { CdnAdapter } from "./purge-request"

/** One adapter per CDN the settings name (config.ts, PUBLISHER_CDN_*); none: nothing is purged. */
export function cdnAdapters(settings: CdnSettings): CdnAdapter[] {
  return [
    ...settings.varnish.map((url) => varnishAdapter({ url })),
    ...(settings.fastly ? [fastlyAdapter(settings.fastly)] : []),
    ...(settings.cloudflare ? [cloudflareAdapter(settings.cloudflare)] : []),
    ...(settings.cloudfront ? [cloudfrontAdapter(settings.cloudfront)] : []),
  ]
}
