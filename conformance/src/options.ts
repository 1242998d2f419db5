import { webhookSecretProblem } from "../../contract/webhook-signature"

// What a run of the kit is told, read from the command line (cli.ts) or
// given by a test (runConformance). Every problem with the flags is named
// at once, as the services' settings are.

export interface ConformanceOptions {
  /** The API's base URL, including `/api`. */
  apiUrl: string
  /** CATALOGUE_PREVIEW_TOKEN of the backend: the draft view is checked only with it. */
  previewToken?: string
  /** The site's origin, which CORS on /search and /subscribe must allow. */
  siteOrigin: string
  /** Shell commands that change the catalogue: one published edit, one delete, one draft save. */
  commands: { edit?: string; delete?: string; draft?: string }
  /** Listen for the signed webhook on 127.0.0.1:{port}/hooks/catalogue, checked with this secret. */
  webhook?: { secret: string; port: number }
  /** How many of each kind to read in detail; Infinity: all. */
  sample: number
  /** How long a command may run, and how long a delivery may take to arrive; default 30 s each. */
  deadlineMs?: number
  /** Progress lines (which group runs); none by default. */
  progress?: (line: string) => void
}

/** `--sample`'s default: enough to meet every kind of entity, few enough for a large catalogue. */
export const DEFAULT_SAMPLE = 20
/** The site's origin when neither --site-origin nor SITE_URL names one: `npm run serve`'s. */
export const DEFAULT_SITE_ORIGIN = "http://localhost:9000"

/** The flags as node:util's parseArgs reads them. */
export interface Flags {
  "preview-token"?: string
  "site-origin"?: string
  edit?: string
  delete?: string
  draft?: string
  webhook?: boolean
  "webhook-secret"?: string
  "webhook-port"?: string
  sample?: string
  json?: string
}

const originOf = (text: string): string | undefined => (URL.canParse(text) && /^https?:$/.test(new URL(text).protocol) ? new URL(text).origin : undefined)

function sampleOf(text: string | undefined, problems: string[]): number {
  if (text === undefined) return DEFAULT_SAMPLE
  if (text === "all") return Infinity
  if (/^[1-9]\d*$/.test(text)) return Number(text)
  problems.push(`--sample must be a whole number above 0 or "all", not ${JSON.stringify(text)}`)
  return DEFAULT_SAMPLE
}

function webhookOf(flags: Flags, problems: string[]): ConformanceOptions["webhook"] {
  if (!flags.webhook) return undefined
  const secret = flags["webhook-secret"] ?? ""
  const port = Number(flags["webhook-port"])
  if (!secret) problems.push("--webhook needs --webhook-secret whsec_… (the backend's PUBLISH_WEBHOOK_SECRET)")
  else if (webhookSecretProblem(secret)) problems.push(`--webhook-secret ${webhookSecretProblem(secret)}`)
  if (!Number.isInteger(port) || port < 1 || port > 65535) problems.push("--webhook needs --webhook-port N, the port the backend delivers to (127.0.0.1:N/hooks/catalogue)")
  if (!flags.edit) problems.push("--webhook needs --edit CMD: the kit makes an edit and waits for its delivery")
  return { secret, port }
}

/** The options of a run from the flags and the environment, or every problem with them. */
export function readOptions(positionals: readonly string[], flags: Flags, env: NodeJS.ProcessEnv): { options: ConformanceOptions } | { problems: string[] } {
  const problems: string[] = []
  const apiUrl = positionals[0] ?? ""
  if (positionals.length !== 1) problems.push("give one URL: the API's base, including /api (http://127.0.0.1:4000/api)")
  else if (!originOf(apiUrl)) problems.push(`the URL must be http(s), not ${JSON.stringify(apiUrl)}`)
  const originText = flags["site-origin"] ?? (env.SITE_URL || DEFAULT_SITE_ORIGIN)
  const siteOrigin = originOf(originText)
  if (!siteOrigin) problems.push(`--site-origin (or SITE_URL) must be an http(s) origin, not ${JSON.stringify(originText)}`)
  if (flags["preview-token"] === "") problems.push("--preview-token is empty")
  for (const flag of ["webhook-secret", "webhook-port"] as const) if (flags[flag] !== undefined && !flags.webhook) problems.push(`--${flag} is read only with --webhook`)
  const sample = sampleOf(flags.sample, problems)
  const webhook = webhookOf(flags, problems)
  if (problems.length > 0) return { problems }
  return {
    options: {
      apiUrl,
      previewToken: flags["preview-token"],
      siteOrigin: siteOrigin!,
      commands: { edit: flags.edit, delete: flags.delete, draft: flags.draft },
      webhook,
      sample,
    },
  }
}
