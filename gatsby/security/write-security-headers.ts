import type { CreatePagesArgs, Reporter } from "gatsby"
import { writeSecurityHeaders } from "../../node-kit/security/header-map"
import { originsOf, type SiteSources } from "../../node-kit/security/headers"

// A plain string, not a page query: it runs after the build. The catalogue plugin's options as the build
// resolved them (defaults from the environment included).
const SOURCES_QUERY = `
  query SecurityHeaderSources {
    site { siteMetadata { publicApiUrl siteUrl } }
    sitePlugin(name: { eq: "gatsby-source-catalogue" }) { pluginOptions }
  }
`

interface SourcesQueryResult {
  site?: { siteMetadata?: { publicApiUrl?: string | null; siteUrl?: string | null } | null } | null
  sitePlugin?: { pluginOptions?: { imageOrigins?: string[]; imageService?: { origins?: string[]; urlTemplate?: string } | null } | null } | null
}

/** Where the browser may load pictures from beyond the site: the public API (search results), the image origins and the image service. */
function pictureOrigins(data: SourcesQueryResult): string[] {
  const options = data.sitePlugin?.pluginOptions
  const service = options?.imageService
  // A template that is a URL of its own (`https://img.example/{url}?w={width}`) names the service's host.
  const serviceHost = service?.urlTemplate && /^https?:\/\//.test(service.urlTemplate) ? [service.urlTemplate.replace(/\{\w+\}/g, "x")] : []
  return originsOf([data.site?.siteMetadata?.publicApiUrl, ...(options?.imageOrigins ?? []), ...(service?.origins ?? []), ...serviceHost])
}

/**
 * Post-build step: the security headers of every page of `publicDir`
 * (security-headers.json for this project's servers, `_headers` for CDN
 * hosts), each page's CSP with the hashes of its own inline code, and that
 * CSP in a meta at the start of the page's head. The
 * browser's API is the public catalogue API the site was built with; the
 * players are the origins of `players`, every episode's player link. `stampsFile`
 * (in Gatsby's cache, cleared with it) lets pages unwritten since the last
 * build go unread.
 */
export async function writeSiteSecurityHeaders(
  graphql: CreatePagesArgs["graphql"],
  players: readonly string[],
  folders: { publicDir: string; stampsFile: string },
  reporter: Reporter,
): Promise<void> {
  const result = await graphql<SourcesQueryResult>(SOURCES_QUERY)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Security headers: could not read the API, player and picture addresses", result.errors)
    return
  }
  const sources: SiteSources = {
    api: originsOf([result.data.site?.siteMetadata?.publicApiUrl]),
    player: originsOf(players),
    images: pictureOrigins(result.data),
    // SITE_URL (gatsby-config.ts): https brings Strict-Transport-Security.
    site: originsOf([result.data.site?.siteMetadata?.siteUrl])[0],
  }
  const { pages, hashed, read, rewritten, refused } = await writeSecurityHeaders(folders.publicDir, sources, folders.stampsFile)
  const named = (origins: string[]) => origins.join(" ") || "none"
  reporter.info(
    `Security headers: ${pages} pages (${read} read, ${hashed} hashed, ${rewritten} given their CSP meta, the rest unchanged since the last build); API ${named(sources.api)}, player ${named(sources.player)}, pictures ${named(sources.images)}`,
  )
  warnOfRefusedScripts(refused, reporter)
}

/** Pages named in full up to this many; past it, a count: content injected into every episode must not bury the build log. */
const NAMED_PAGES = 20

/**
 * A warning per page with an inline script that is not Gatsby's: its CSP
 * leaves the script out, so browsers block it. Something in the page's
 * content (CMS HTML past the sanitiser) or in a plugin wrote it.
 */
export function warnOfRefusedScripts(refused: Record<string, string[]>, reporter: Pick<Reporter, "warn">): void {
  const entries = Object.entries(refused)
  for (const [pagePath, scripts] of entries.slice(0, NAMED_PAGES)) {
    reporter.warn(
      `Security headers: ${pagePath} has ${scripts.length} inline script(s) that Gatsby did not write; its CSP does not allow them, browsers will block them: ${scripts.map((script) => JSON.stringify(script)).join(", ")}`,
    )
  }
  if (entries.length > NAMED_PAGES)
    reporter.warn(`Security headers: ${entries.length - NAMED_PAGES} more page(s) have inline scripts that Gatsby did not write, blocked the same way`)
}
