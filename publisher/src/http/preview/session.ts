import { createHmac } from "node:crypto"
import { sameSecret } from "../../../../node-kit/same-secret"

/** The preview site's sign-in cookie. */
export const SESSION_COOKIE = "preview_session"
/** A working day: an editor signs in once in the morning, and a lost laptop's cookie dies by night. */
export const SESSION_MS = 12 * 3600_000

/** The cookie's value: its end, and a MAC of it under the sign-in token (changing the token signs everyone out). */
function mac(signInToken: string, expiresAt: number): string {
  return createHmac("sha256", signInToken).update(`preview-session:${expiresAt}`).digest("base64url")
}

/** A session for an editor who gave the right token: nothing stored, the token never in the cookie. */
export function newSession(signInToken: string, now: number): { value: string; maxAgeSeconds: number } {
  const expiresAt = now + SESSION_MS
  return { value: `${expiresAt}.${mac(signInToken, expiresAt)}`, maxAgeSeconds: SESSION_MS / 1000 }
}

/** Whether `value` is a session this token made that has not ended. */
export function validSession(value: string | undefined, signInToken: string, now: number): boolean {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value ?? "")
  if (!match) return false
  const expiresAt = Number(match[1])
  return expiresAt > now && expiresAt <= now + SESSION_MS && sameSecret(match[2]!, mac(signInToken, expiresAt))
}

/** One cookie's value from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=")
    if (key === name) return rest.join("=")
  }
  return undefined
}

/**
 * Set-Cookie for a session: HttpOnly (no script reads it), SameSite=Strict
 * (no other site's link or form carries it), the whole preview site's path;
 * Secure when the request came over HTTPS (a browser drops a Secure cookie
 * set over plain http on a name other than localhost).
 */
export function sessionCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`
}

/** Where to go after signing in: a path on this site only (`//evil.example` and `/\evil` are other sites to a browser). */
export function safeNext(next: string | undefined): string {
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/"
}
