import type { GatsbyNode } from "gatsby"
import { DEFAULT_API_URL, DEFAULT_PATHS, DEFAULT_VIDEO_API_URL } from "./constants"

const httpUrl = (Joi: Parameters<NonNullable<GatsbyNode["pluginOptionsSchema"]>>[0]["Joi"]) =>
  Joi.string().uri({ scheme: ["http", "https"] })

export const pluginOptionsSchema: GatsbyNode["pluginOptionsSchema"] = ({ Joi }) =>
  Joi.object({
    apiUrl: httpUrl(Joi)
      .default(process.env.CATALOGUE_API_URL || DEFAULT_API_URL)
      .description("Base URL of the catalogue API, including /api. Defaults to CATALOGUE_API_URL, then to the bundled reference server."),
    videoApiUrl: httpUrl(Joi)
      .default(process.env.VIDEO_API_URL || DEFAULT_VIDEO_API_URL)
      .description("Base URL of the video host's API. Defaults to VIDEO_API_URL, then to https://api.vimeo.com."),
    videoApiToken: Joi.string()
      .allow("")
      .default(process.env.VIDEO_API_TOKEN || "")
      .description("Bearer token for the video host, used at build time only. Defaults to VIDEO_API_TOKEN. Without it no player links are looked up."),
    concurrency: Joi.number()
      .integer()
      .min(1)
      .max(64)
      .default(8)
      .description("How many requests to the catalogue and the video host may be in flight at once."),
    retries: Joi.number()
      .integer()
      .min(0)
      .max(10)
      .default(3)
      .description("How often a request is retried after a network error, a timeout, a 5xx or a 429."),
    retryBaseDelayMs: Joi.number()
      .integer()
      .min(0)
      .default(500)
      .description("First retry delay in milliseconds; it doubles on each retry. A 429's Retry-After takes precedence."),
    requestTimeoutMs: Joi.number()
      .integer()
      .min(100)
      .default(30_000)
      .description("How long one request may take before it counts as failed, in milliseconds."),
    paths: Joi.object(
      Object.fromEntries(
        Object.entries(DEFAULT_PATHS).map(([name, path]) => [
          name,
          Joi.string().pattern(/^\//).default(path).description(`Path of the ${name} request, relative to its API URL. Default ${path}.`),
        ]),
      ),
    )
      .default()
      .description("Overrides for the request paths of shared/API.md, for a backend that names them differently."),
  })
