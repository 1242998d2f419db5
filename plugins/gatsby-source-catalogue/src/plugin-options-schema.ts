import type { GatsbyNode } from "gatsby"
import { DEFAULT_API_URL } from "./constants"

export const pluginOptionsSchema: GatsbyNode["pluginOptionsSchema"] = ({ Joi }) =>
  Joi.object({
    apiUrl: Joi.string()
      .uri({ scheme: ["http", "https"] })
      .default(process.env.CATALOGUE_API_URL || DEFAULT_API_URL)
      .description(
        "Base URL of the catalogue API, including /api. Defaults to CATALOGUE_API_URL, then to the bundled reference server.",
      ),
    requestTimeoutMs: Joi.number()
      .integer()
      .min(100)
      .default(30_000)
      .description("How long one request to the catalogue may take before it counts as failed, in milliseconds."),
  })
