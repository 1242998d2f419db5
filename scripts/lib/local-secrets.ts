import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { PROJECT_ROOT } from "../../node-kit/process/processes"

/** Where `npm start` keeps the secrets it made: git-ignored, readable by the owner only. */
export const LOCAL_SECRETS_DIR = path.join(PROJECT_ROOT, ".secrets")

export interface LocalSecret {
  value: string
  /** The file it is kept in; undefined when it came from the environment. */
  file: string | undefined
}

export interface LocalSecrets {
  /** CMS_ADMIN_TOKEN: the reference server's admin API token. */
  adminToken: LocalSecret
  /** PUBLISH_WEBHOOK_SECRET: the Standard Webhooks secret shared by the reference server and the publisher. */
  webhookSecret: LocalSecret
  /** CATALOGUE_PREVIEW_TOKEN: the draft view's token, shared by the reference server and the preview lane's builds. */
  previewToken: LocalSecret
  /** PUBLISHER_PREVIEW_SIGN_IN_TOKEN: what an editor types to sign in to the preview site. */
  previewSignInToken: LocalSecret
}

/** A CMS_ADMIN_TOKEN: 32 random bytes, base64url (no character a shell or a header needs quoted). */
export function newAdminToken(): string {
  return crypto.randomBytes(32).toString("base64url")
}

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes (catalogue-api.md). */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString("base64")}`
}

/** The environment's value, else the one kept in `file`, else a new one kept there for the next start. */
export function secret(envValue: string | undefined, file: string, make: () => string): LocalSecret {
  if (envValue?.trim()) return { value: envValue.trim(), file: undefined }
  const kept = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : ""
  if (kept) return { value: kept, file }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  const value = make()
  fs.writeFileSync(file, `${value}\n`, { mode: 0o600 })
  return { value, file }
}

/**
 * The local loop's secrets, made once and kept in `dir` (.secrets/ at the
 * project's root, git-ignored), so the admin token an editor has put in a
 * shell or a script still works after a restart; CMS_ADMIN_TOKEN and
 * PUBLISH_WEBHOOK_SECRET in the environment win over the files. Deleting a
 * file makes a new secret on the next start.
 */
export function localSecrets(env: NodeJS.ProcessEnv, dir = LOCAL_SECRETS_DIR): LocalSecrets {
  return {
    adminToken: secret(env.CMS_ADMIN_TOKEN, path.join(dir, "cms-admin-token"), newAdminToken),
    webhookSecret: secret(env.PUBLISH_WEBHOOK_SECRET, path.join(dir, "publish-webhook-secret"), newWebhookSecret),
    previewToken: secret(env.CATALOGUE_PREVIEW_TOKEN, path.join(dir, "catalogue-preview-token"), newAdminToken),
    previewSignInToken: secret(env.PUBLISHER_PREVIEW_SIGN_IN_TOKEN, path.join(dir, "preview-sign-in-token"), newAdminToken),
  }
}

/** How a shell passes a secret: from its file, or from the variable it came from (`variable`, CMS_ADMIN_TOKEN by default). */
export function adminTokenInShell(adminToken: LocalSecret, cwd = process.cwd(), variable = "CMS_ADMIN_TOKEN"): string {
  return adminToken.file ? `$(cat ${path.relative(cwd, adminToken.file)})` : `$${variable}`
}
