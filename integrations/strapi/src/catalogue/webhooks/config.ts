// Where the signed webhook goes and what signs it (catalogue-api.md,
// "Changes feed and publish webhook"): PUBLISH_WEBHOOK_URL, the publisher's
// hook, and PUBLISH_WEBHOOK_SECRET, a Standard Webhooks secret, or several
// space-separated during a rotation (every delivery carries one signature per
// secret, and the publisher needs one to verify).

export interface WebhookConfig {
  url: URL
  secrets: string[]
}

const SECRET_PREFIX = "whsec_"
const KEY_BYTES = { min: 24, max: 64 } as const
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

/** What is wrong with one secret, for the operator, or undefined when it is `whsec_` and the base64 of 24 to 64 bytes. */
export function secretProblem(secret: string): string | undefined {
  const form = `${SECRET_PREFIX} followed by the base64 of ${KEY_BYTES.min} to ${KEY_BYTES.max} random bytes`
  if (!secret.startsWith(SECRET_PREFIX)) return `is not a Standard Webhooks secret (${form})`
  const encoded = secret.slice(SECRET_PREFIX.length)
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) return `is not ${form}: what follows ${SECRET_PREFIX} is not base64`
  const bytes = Buffer.from(encoded, "base64").length
  if (bytes < KEY_BYTES.min || bytes > KEY_BYTES.max) return `holds ${bytes} bytes; it must be ${form}`
  return undefined
}

/**
 * The webhook's settings from the environment: undefined when either is
 * unset (changes are still recorded for the feed; nothing is sent), and an
 * error naming the setting when one is set wrong, so a typo stops the start
 * rather than every delivery being refused later.
 */
export function webhookConfigFrom(env: NodeJS.ProcessEnv): WebhookConfig | undefined {
  const urlText = env.PUBLISH_WEBHOOK_URL?.trim() ?? ""
  const secretText = env.PUBLISH_WEBHOOK_SECRET?.trim() ?? ""
  if (urlText === "" || secretText === "") return undefined
  let url: URL
  try {
    url = new URL(urlText)
  } catch {
    throw new Error(`PUBLISH_WEBHOOK_URL=${urlText} is not a URL (e.g. http://127.0.0.1:8000/hooks/catalogue)`)
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`PUBLISH_WEBHOOK_URL=${urlText} is not http or https`)
  const secrets = secretText.split(/\s+/)
  secrets.forEach((secret, index) => {
    const problem = secretProblem(secret)
    if (problem) throw new Error(`PUBLISH_WEBHOOK_SECRET${secrets.length > 1 ? ` (secret ${index + 1})` : ""} ${problem}`)
  })
  return { url, secrets }
}
