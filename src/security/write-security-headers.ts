import type { CreatePagesArgs, Reporter } from "gatsby"
import { writeSecurityHeaders } from "../../node-kit/security-header-map"
import { originsOf, type SiteSources } from "../../node-kit/security-headers"

// A plain string, not a page query: it runs after the build, when every episode's player link is known.
const SOURCES_QUERY = `
  query SecurityHeaderSources {
    site { siteMetadata { publicApiUrl } }
    allCatalogueEpisode { distinct(field: { playerEmbedUrl: SELECT }) }
  }
`

interface SourcesQueryResult {
  site?: { siteMetadata?: { publicApiUrl?: string | null } | null } | null
  allCatalogueEpisode?: { distinct?: (string | null)[] | null } | null
}

/**
 * Post-build step: the security headers of every page of `publicDir`
 * (security-headers.json for this project's servers, `_headers` for CDN
 * hosts), each page's CSP with the hashes of its own inline code. The
 * browser's API is the public catalogue API the site was built with; the
 * players are the origins of every episode's player link.
 */
export async function writeSiteSecurityHeaders(graphql: CreatePagesArgs["graphql"], publicDir: string, reporter: Reporter): Promise<void> {
  const result = await graphql<SourcesQueryResult>(SOURCES_QUERY)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Security headers: could not read the API and player addresses", result.errors)
    return
  }
  const sources: SiteSources = {
    api: originsOf([result.data.site?.siteMetadata?.publicApiUrl]),
    player: originsOf(result.data.allCatalogueEpisode?.distinct ?? []),
  }
  const { pages, hashed } = await writeSecurityHeaders(publicDir, sources)
  reporter.info(
    `Security headers: ${pages} pages (${hashed} hashed, the rest unchanged since the last build); API ${sources.api.join(" ") || "none"}, player ${sources.player.join(" ") || "none"}`,
  )
}
