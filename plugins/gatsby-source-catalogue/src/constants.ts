export const PLUGIN_NAME = "gatsby-source-catalogue"

/** GraphQL type names of the nodes this plugin creates. */
export const NODE_TYPES = {
  Category: "CatalogueCategory",
} as const

/**
 * Error ids registered with `reporter.setErrorMap`. Gatsby prefixes them with
 * the plugin name, so they only need to be unique here.
 */
export const ERROR_CODES = {
  CatalogueUnreachable: "11001",
  CatalogueHttpError: "11002",
  CatalogueNotJson: "11003",
  CatalogueWrongShape: "11004",
} as const

/** Where the reference server listens when nothing else is configured. */
export const DEFAULT_API_URL = "http://127.0.0.1:4000/api"
