/**
 * The browser's one write to the catalogue API: POST /subscribe, mapped onto
 * docs/reference/spec.md section 8. Loaded when the visitor submits (or first focuses) the
 * footer's form, not with every page: until then the form posts itself.
 */
import { isValidEmail } from "../../contract/email"
import { SUBSCRIBE_MESSAGES } from "../texts/subscribe-messages"

export { SUBSCRIBE_MESSAGES }
/** The address check the server makes too (contract/email.ts), loaded with the sending code. */
export { isValidEmail }

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false

/** A slow answer counts as none: after this the visitor is told to check the network. */
export const SUBSCRIBE_TIMEOUT_MS = 15_000

export type SubscribeOutcome = { ok: true } | { ok: false; message: string }

function messageOf(body: unknown): string | null {
  if (body && typeof body === "object" && "message" in body) {
    const { message } = body as { message: unknown }
    if (typeof message === "string" && message.trim()) return message
  }
  return null
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return null
  }
}

/** Posts the address; resolves with what the visitor should be told, never rejects. */
export async function subscribe(apiUrl: string, email: string, timeoutMs = SUBSCRIBE_TIMEOUT_MS): Promise<SubscribeOutcome> {
  if (isOffline()) return { ok: false, message: SUBSCRIBE_MESSAGES.offline }
  let response: Response
  // A plain timer rather than AbortSignal.timeout: tests can move it with a fake clock.
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    response = await fetch(`${apiUrl.replace(/\/$/, "")}/subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ email }),
      signal: controller.signal,
    })
  } catch {
    // The network may have gone while the request was out.
    return { ok: false, message: isOffline() ? SUBSCRIBE_MESSAGES.offline : SUBSCRIBE_MESSAGES.noResponse }
  } finally {
    clearTimeout(timer)
  }
  const body = await readJson(response)
  if (response.ok) {
    const success = body && typeof body === "object" && (body as { success?: unknown }).success === true
    return success ? { ok: true } : { ok: false, message: messageOf(body) ?? SUBSCRIBE_MESSAGES.failed }
  }
  // docs/reference/spec.md section 8: a 400 shows the server's message; so does any other
  // error, with a generic text when it has none.
  return { ok: false, message: messageOf(body) ?? SUBSCRIBE_MESSAGES.error }
}
