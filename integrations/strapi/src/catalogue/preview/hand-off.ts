import { createHmac, randomBytes } from "node:crypto"

/** How long a Preview button's address signs an editor in: the iframe loads it at once. */
export const HAND_OFF_MS = 120_000
export const HAND_OFF_PATH = "/_preview/hand-off"

/**
 * A hand-off ticket: `{expiresAt}.{nonce}.{path, base64url}.{MAC}`, the MAC an
 * HMAC-SHA256 under the secret shared with the preview lane. It names the one
 * page it opens and dies within HAND_OFF_MS; the preview lane takes each
 * nonce once. The publisher checks it (publisher/src/http/preview/hand-off.ts);
 * the format is written down in docs/reference/preview-lane.md, "The Preview button".
 */
export function handOffTicket(path: string, secret: string, now: number): string {
  const body = `${now + HAND_OFF_MS}.${randomBytes(12).toString("base64url")}.${Buffer.from(path).toString("base64url")}`
  const mac = createHmac("sha256", secret).update(`preview-hand-off:${body}`).digest("base64url")
  return `${body}.${mac}`
}

export function handOffUrl(siteUrl: string, path: string, secret: string, now: number): string {
  const url = new URL(HAND_OFF_PATH, siteUrl)
  url.searchParams.set("ticket", handOffTicket(path, secret, now))
  return url.toString()
}
