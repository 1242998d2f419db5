import { createOriginGuard } from "../../../../plugins/gatsby-source-catalogue/src/http/fetch-limits"

/** The plugin's default cap on a JSON answer (its maxJsonBytes option). */
export const DEFAULT_MAX_JSON_BYTES = 10 * 2 ** 20

/** Request limits as the plugin sets them: the origins of `urls` allowed, the default cap, warnings kept. */
export function requestLimits(...urls: string[]) {
  const warnings: string[] = []
  const guard = createOriginGuard(new Set(urls.map((url) => new URL(url).origin)), (message) => warnings.push(message))
  return { guard, maxBytes: DEFAULT_MAX_JSON_BYTES, warnings }
}
