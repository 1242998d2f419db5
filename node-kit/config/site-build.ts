/**
 * The site's build environment, decided here once for gatsby-config.ts and
 * the source plugin alike: which catalogue API a build reads, which one the
 * visitors' browsers call, and whether the build is the preview lane's.
 */

/** Where the reference server's catalogue API listens when nothing else is configured (`npm start` starts it there). */
export const DEFAULT_CATALOGUE_API_URL = "http://127.0.0.1:4000/api"

export interface SiteBuildEnv {
  /** CATALOGUE_API_URL: the catalogue API the build reads, including /api; default DEFAULT_CATALOGUE_API_URL. */
  catalogueApiUrl: string
  /** CATALOGUE_PUBLIC_API_URL: the API the visitor's browser calls for search and subscribe; default catalogueApiUrl. */
  publicApiUrl: string
  /** CATALOGUE_PREVIEW_TOKEN: the draft view's token, which only the preview lane's builds are given. */
  previewToken: string | undefined
  /**
   * A preview lane's build (previewToken is set): it reads the draft view,
   * and its pages are for signed-in editors (noindex, no sitemap, no service
   * worker to keep a draft on a device; docs/reference/preview-lane.md).
   */
  preview: boolean
}

/** The build environment as `env` (default process.env) sets it. */
export function siteBuildEnv(env: NodeJS.ProcessEnv = process.env): SiteBuildEnv {
  const catalogueApiUrl = env.CATALOGUE_API_URL || DEFAULT_CATALOGUE_API_URL
  const previewToken = env.CATALOGUE_PREVIEW_TOKEN?.trim() || undefined
  return {
    catalogueApiUrl,
    publicApiUrl: env.CATALOGUE_PUBLIC_API_URL || catalogueApiUrl,
    previewToken,
    preview: previewToken !== undefined,
  }
}
