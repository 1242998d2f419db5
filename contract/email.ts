// The HTML living standard's address syntax, plus a dot in the domain: an
// address that a mail server could actually deliver to. The subscribe form
// checks it before sending and the reference server checks it again, so a
// visitor is never told "valid" by one and "invalid" by the other.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

/** RFC 5321 caps a forward path at 254 characters. */
const MAX_LENGTH = 254

/** Whether `POST /subscribe` will accept this address (catalogue-api.md: otherwise 400). */
export function isValidEmail(value: string): boolean {
  return value.length <= MAX_LENGTH && EMAIL.test(value)
}

/** The form under which two spellings of one address are the same subscriber. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase()
}
