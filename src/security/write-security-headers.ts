import type { CreatePagesArgs, Reporter } from "gatsby"
import { writeSecurityHeaders } from "../../node-kit/security-header-map"
import { originsOf, type SiteSources } from "../../node-kit/security-headers"

// A plain string, not a page query: it runs after the build, when every episode's player link is known.
// The catalogue plugin's options as the build resolved them (defaults from the environment included).
const SOURCES_QUERY = `
  query SecurityHeaderSources {
    site { siteMetadata { publicApiUrl } }
    allCatalogueEpisode { distinct(field: { playerEmbedUrl: SELECT }) }
    sitePlugin(name: { eq: "gatsby-source-catalogue" }) { pluginOptions }
  }
`

interface SourcesQueryResult {
  site?: { siteMetadata?: { publicApiUrl?: string | null } | null } | null
  allCatalogueEpisode?: { distinct?: (string | null)[] | null } | null
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
 * hosts), each page's CSP with the hashes of its own inline code. The
 * browser's API is the public catalogue API the site was built with; the
 * players are the origins of every episode's player link. `stampsFile`
 * (in Gatsby's cache, cleared with it) lets pages unwritten since the last
 * build go unread.
 */
export async function writeSiteSecurityHeaders(
  graphql: CreatePagesArgs["graphql"],
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
    player: originsOf(result.data.allCatalogueEpisode?.distinct ?? []),
    images: pictureOrigins(result.data),
  }
  const { pages, hashed, read } = await writeSecurityHeaders(folders.publicDir, sources, folders.stampsFile)
  const named = (origins: string[]) => origins.join(" ") || "none"
  reporter.info(
    `Security headers: ${pages} pages (${read} read, ${hashed} hashed, the rest unchanged since the last build); API ${named(sources.api)}, player ${named(sources.player)}, pictures ${named(sources.images)}`,
  )
}
