import { isValidEmail } from "./email"

/** An HTTP answer of POST /subscribe: its status and JSON body. */
export interface SubscribeAnswer {
  status: number
  body: { success: boolean; message: string } | { message: string }
}

export const MESSAGES = {
  notJson: 'Send a JSON object like {"email": "you@example.com"}.',
  notString: "email must be a string.",
  invalid: "Please enter a valid email address.",
  subscribed: "Thank you for subscribing!",
} as const

const refused = (message: string): SubscribeAnswer => ({ status: 400, body: { message } })

/**
 * The address a request body asks to subscribe, trimmed, or the 400 that
 * refuses it: the body must be a JSON object with a string `email` the
 * contract's rule (./email.ts) accepts.
 */
export function addressOf(body: unknown): { address: string } | { refusal: SubscribeAnswer } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { refusal: refused(MESSAGES.notJson) }
  const email = (body as { email?: unknown }).email
  if (typeof email !== "string") return { refusal: refused(MESSAGES.notString) }
  const address = email.trim()
  return isValidEmail(address) ? { address } : { refusal: refused(MESSAGES.invalid) }
}

export const INVALID: SubscribeAnswer = refused(MESSAGES.invalid)

/**
 * The one answer to an accepted address, new or already on the list, as the
 * reference server gives it: telling them apart would let anyone test who
 * is subscribed. Either way the visitor is on the list they asked to join.
 */
export const SUBSCRIBED: SubscribeAnswer = { status: 200, body: { success: true, message: MESSAGES.subscribed } }
