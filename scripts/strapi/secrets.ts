import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { LOCAL_SECRETS_DIR, localSecrets, secret, type LocalSecret, type LocalSecrets } from "../lib/local-secrets"

/** Strapi's own secrets and its first admin's sign-in, in one dotenv file (`set -a; . .secrets/strapi.env`), as Strapi alone needs them. */
export const STRAPI_ENV_FILE = "strapi.env"

const STRAPI_KEYS = ["APP_KEYS", "API_TOKEN_SALT", "ADMIN_JWT_SECRET", "TRANSFER_TOKEN_SALT", "ENCRYPTION_KEY", "ADMIN_EMAIL", "ADMIN_PASSWORD"] as const
type StrapiKey = (typeof STRAPI_KEYS)[number]

/** The first admin's address unless ADMIN_EMAIL says otherwise: example.com is reserved, so it reaches no one. */
export const DEFAULT_ADMIN_EMAIL = "admin@example.com"

const randomKey = () => crypto.randomBytes(16).toString("base64")

/** A password Strapi accepts (8 or more, a lowercase, an uppercase and a digit): 144 random bits, drawn until they show all three. */
export function newAdminPassword(): string {
  for (;;) {
    const password = crypto.randomBytes(18).toString("base64url")
    if (/[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password)) return password
  }
}

const MAKE: Record<StrapiKey, () => string> = {
  // Strapi's own generator's shape: four base64 keys, comma-separated (koa's signed cookies rotate through them).
  APP_KEYS: () => Array.from({ length: 4 }, randomKey).join(","),
  API_TOKEN_SALT: randomKey,
  ADMIN_JWT_SECRET: randomKey,
  TRANSFER_TOKEN_SALT: randomKey,
  ENCRYPTION_KEY: randomKey,
  ADMIN_EMAIL: () => DEFAULT_ADMIN_EMAIL,
  ADMIN_PASSWORD: newAdminPassword,
}

export interface StrapiSecrets {
  /** Strapi's environment: its secrets and ADMIN_EMAIL and ADMIN_PASSWORD. */
  strapiEnv: Record<StrapiKey, string>
  /** The file they are kept in. */
  strapiEnvFile: string
  /** Shared with `npm start`: the webhook's secret, the draft view's token, the preview's sign-in token. */
  shared: LocalSecrets
  /** PREVIEW_HANDOFF_SECRET: Strapi signs its Preview button's hand-off with it, the preview lane checks it. */
  handOffSecret: LocalSecret
}

function readEnvFile(file: string): Map<string, string> {
  const values = new Map<string, string>()
  if (!fs.existsSync(file)) return values
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim())
    if (match) values.set(match[1]!, match[2]!)
  }
  return values
}

/**
 * The secrets `npm run strapi` runs with, made once and kept in `dir`
 * (.secrets/, git-ignored, readable by the owner alone): Strapi's in
 * strapi.env, the hand-off secret in its own file, and those it shares
 * with `npm start` where that keeps them. A variable set in the environment
 * wins over its file. Deleting strapi.env makes new ones on the next run
 * (the admin already made keeps its password: ADMIN_PASSWORD is only read
 * to make the first admin).
 */
export function strapiSecrets(env: NodeJS.ProcessEnv, dir = LOCAL_SECRETS_DIR): StrapiSecrets {
  const file = path.join(dir, STRAPI_ENV_FILE)
  const kept = readEnvFile(file)
  const made: StrapiKey[] = []
  const strapiEnv = {} as Record<StrapiKey, string>
  for (const key of STRAPI_KEYS) {
    const given = env[key]?.trim() || kept.get(key)
    if (!given) made.push(key)
    strapiEnv[key] = given || MAKE[key]()
  }
  if (made.length > 0) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
    const lines = STRAPI_KEYS.filter((key) => kept.has(key) || made.includes(key)).map((key) => `${key}=${strapiEnv[key]}`)
    fs.writeFileSync(file, `# Made by npm run strapi: Strapi's secrets and its first admin's sign-in. Keep it private.\n${lines.join("\n")}\n`, { mode: 0o600 })
    fs.chmodSync(file, 0o600)
  }
  return {
    strapiEnv,
    strapiEnvFile: file,
    shared: localSecrets(env, dir),
    handOffSecret: secret(env.PREVIEW_HANDOFF_SECRET, path.join(dir, "preview-handoff-secret"), () => crypto.randomBytes(32).toString("base64url")),
  }
}
