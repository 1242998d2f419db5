import type { GatsbyNode } from "gatsby"
import { cpuCoreCount } from "gatsby-core-utils"
import { siteBuildEnv } from "../../../node-kit/config/site-build"
import { DEFAULT_MAX_TEXT_TRACK_BYTES, DEFAULT_PATHS, DEFAULT_VIDEO_API_URL } from "./constants"
import type { ImageSlotOptions } from "./images/slots"
import type { ImageService } from "./images/probe"

/** The bundled reference server's image service (cms/, `GET /media/{name}?w=&fm=`). */
export const REFERENCE_IMAGE_SERVICE_TEMPLATE = "{url}?w={width}&fm={format}"

/**
 * CATALOGUE_IMAGE_SERVICE: unset or `off`, pictures are resized at build time;
 * `on`, the catalogue API's own host resizes them (the reference server does);
 * a URL template with {url}, {width} and {format}, that service, for pictures
 * on the catalogue API's host.
 */
export function imageServiceFromEnv(env: NodeJS.ProcessEnv): ImageService | null {
  const setting = env.CATALOGUE_IMAGE_SERVICE?.trim()
  if (!setting || setting === "off") return null
  const urlTemplate = setting === "on" ? REFERENCE_IMAGE_SERVICE_TEMPLATE : setting
  if (!urlTemplate.includes("{url}") || !urlTemplate.includes("{width}")) {
    throw new Error(`CATALOGUE_IMAGE_SERVICE must be on, off or a URL template with {url}, {width} and {format}, not ${setting}`)
  }
  return { origins: [new URL(siteBuildEnv(env).catalogueApiUrl).origin], urlTemplate, maxWidth: 1600 }
}

type Joi = Parameters<NonNullable<GatsbyNode["pluginOptionsSchema"]>>[0]["Joi"]

/** The site's image slots (src/styles/image-slots.ts gives them): every field checked, `sizes` a function (Gatsby passes function options through to the plugin as given). */
const imageSlotOptions = (Joi: Joi) => ({
  imageSlots: Joi.object()
    .pattern(
      /^[A-Z][A-Z0-9_]*$/,
      Joi.object({
        layout: Joi.string().valid("constrained", "fullWidth").required(),
        width: Joi.number().integer().min(1).when("layout", { is: "constrained", then: Joi.required(), otherwise: Joi.forbidden() }),
        aspectRatio: Joi.number().positive().allow(null).required(),
        widths: Joi.array().items(Joi.number().integer().min(1)).min(1).required(),
        sizes: Joi.function().required(),
      }),
    )
    .min(1)
    .required()
    .description(
      "Every place the site shows a catalogue picture, by name (CARD, HERO, …; the schema's CatalogueImageSlot): its layout, the largest CSS width of a constrained box, its proportions, the widths of the files made for it, and a function of the picture's width:height ratio that gives the `sizes` attribute. The site derives them from its CSS boxes.",
    ),
  imageSlotOwners: Joi.object()
    .pattern(Joi.string(), Joi.array().items(Joi.string()))
    .required()
    .description(
      "Which slots show the pictures of each kind of entity (category, subcategory, series, episode, featured, site-settings): only their widths are made. A kind not named gets every slot.",
    ),
})

const httpUrl = (Joi: Joi) => Joi.string().uri({ scheme: ["http", "https"] })

const MIB = 2 ** 20

/** CATALOGUE_IMAGE_ORIGINS: origins separated by commas or spaces. */
export const imageOriginsFromEnv = (env: NodeJS.ProcessEnv): string[] => (env.CATALOGUE_IMAGE_ORIGINS ?? "").split(/[\s,]+/).filter(Boolean)

/** What the build may fetch, and how much of it. */
const fetchLimitOptions = (Joi: Joi) => ({
  imageOrigins: Joi.array()
    .items(httpUrl(Joi))
    .default(imageOriginsFromEnv(process.env))
    .description(
      "Origins pictures may come from beside the catalogue API's, the video host's and the image service's (a CDN, e.g. https://cdn.example.com). Pictures anywhere else are skipped with a warning and their pages show the placeholder. Defaults to CATALOGUE_IMAGE_ORIGINS (separated by commas or spaces).",
    ),
  maxJsonBytes: Joi.number()
    .integer()
    .min(1024)
    .default(10 * MIB)
    .description("The largest answer of the catalogue API or the video host read, in bytes (default 10 MiB). A larger one fails as a request does."),
  maxImageBytes: Joi.number()
    .integer()
    .min(1024)
    .default(20 * MIB)
    .description("The largest picture downloaded, in bytes (default 20 MiB). A larger one is left out, with a warning, as a broken picture is."),
  maxTextTrackBytes: Joi.number()
    .integer()
    .min(1024)
    .default(DEFAULT_MAX_TEXT_TRACK_BYTES)
    .description(
      "The largest captions or subtitles file (WebVTT) read for a transcript, in bytes (default 2 MiB; an hour of captions is about 100 KiB). A larger one is left out with a warning, and the episode shows no transcript in its language.",
    ),
})

export const pluginOptionsSchema: GatsbyNode["pluginOptionsSchema"] = ({ Joi }) =>
  Joi.object({
    apiUrl: httpUrl(Joi)
      .default(siteBuildEnv().catalogueApiUrl)
      .description("Base URL of the catalogue API, including /api. Defaults to CATALOGUE_API_URL, then to the bundled reference server."),
    videoApiUrl: httpUrl(Joi)
      .default(process.env.VIDEO_API_URL || DEFAULT_VIDEO_API_URL)
      .description("Base URL of the video host's API. Defaults to VIDEO_API_URL, then to https://api.vimeo.com."),
    // No default from the environment here: Gatsby keeps the validated options in its redux
    // state, persisted under .cache (the workers' slices too), so a default would write the
    // token to disk. The plugin reads VIDEO_API_TOKEN when it runs (videos/look-up.ts).
    videoApiToken: Joi.string()
      .allow("")
      .description(
        "Bearer token for the video host, used at build time only. Leave it unset: the plugin then reads VIDEO_API_TOKEN when it runs, and the token stays out of Gatsby's cache (.cache/), which keeps every option it is given. Empty: no token. Without one no player links are looked up.",
      ),
    concurrency: Joi.number().integer().min(1).max(64).default(8).description("How many requests to the catalogue and the video host may be in flight at once."),
    retries: Joi.number().integer().min(0).max(10).default(3).description("How often a request is retried after a network error, a timeout, a 5xx or a 429."),
    retryBaseDelayMs: Joi.number().integer().min(0).default(500).description("First retry delay in milliseconds; it doubles on each retry. A 429's Retry-After takes precedence."),
    requestTimeoutMs: Joi.number().integer().min(100).default(30_000).description("How long one request may take before it counts as failed, in milliseconds."),
    imageService: Joi.object({
      origins: Joi.array()
        .items(Joi.string().uri({ scheme: ["http", "https"] }))
        .min(1)
        .required(),
      urlTemplate: Joi.string()
        .pattern(/\{url\}/)
        .pattern(/\{width\}/)
        .required(),
      maxWidth: Joi.number().integer().min(16).default(1600),
    })
      .allow(null)
      .default(imageServiceFromEnv(process.env))
      .description(
        "An image service that resizes by URL: pictures on its origins are not processed at build time; the pages name the service's URLs. Defaults to CATALOGUE_IMAGE_SERVICE. Null: every picture is processed at build time.",
      ),
    imageConcurrency: Joi.number().integer().min(1).max(64).default(cpuCoreCount()).description("How many pictures are resized at once at build time; by default one per core."),
    imageStore: Joi.string()
      .allow(null, "")
      .default(process.env.CATALOGUE_IMAGE_STORE || null)
      .description(
        "Folder of the image store: processed pictures and what each picture URL was found to be, kept where Gatsby's cache invalidation (a changed gatsby-node, gatsby-config or local plugin) does not reach, so a code deploy processes no picture again. Relative to the site's folder. Defaults to CATALOGUE_IMAGE_STORE, then node_modules/.cache/catalogue-image-store; the publisher sets <data folder>/image-store.",
      ),
    ...imageSlotOptions(Joi),
    ...fetchLimitOptions(Joi),
    paths: Joi.object(
      Object.fromEntries(
        Object.entries(DEFAULT_PATHS).map(([name, path]) => [
          name,
          Joi.string().pattern(/^\//).default(path).description(`Path of the ${name} request, relative to its API URL. Default ${path}.`),
        ]),
      ),
    )
      .default()
      .description("Overrides for the request paths of docs/reference/catalogue-api.md, for a backend that names them differently."),
  }).custom((options: Partial<ImageSlotOptions>) => {
    // A slot an entity kind names must be one of the slots.
    const unknown = Object.entries(options.imageSlotOwners ?? {}).flatMap(([kind, names]) => names.filter((name) => !options.imageSlots?.[name]).map((name) => `${kind}: ${name}`))
    if (unknown.length) throw new Error(`imageSlotOwners names slots that imageSlots does not define (${unknown.join(", ")})`)
    return options
  })
