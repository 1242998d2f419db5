import { createHmac } from "node:crypto"
import { sameSecret } from "../../../../node-kit/security/same-secret"

/**
 * The preview site's sign-in cookie. `__Host-` (Secure, Path=/, no Domain:
 * no other name under the domain can set or shadow it) wherever the preview
 * is reached over HTTPS; the plain name only where the preview is plain
 * http on a loopback name (`npm start`), since `__Host-` needs Secure.
 */
export const SESSION_COOKIE = "preview_session"
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`
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

/** Whether `value` is a session this token made that has not ended (and does not claim to last longer than a session can). */
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

/** The cookie's name: `__Host-` and Secure unless the preview is plain http on loopback (`secure` false). */
export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE
}

/**
 * Set-Cookie for a session: HttpOnly (no script reads it), SameSite=Strict
 * (no other site's link or form carries it), the whole preview site's path,
 * and Secure with the `__Host-` name unless `secure` is false. Whether it is
 * secure is the preview's public address's to say (previewCookieSecure),
 * never the request's: behind a TLS proxy every request arrives as http.
 */
export function sessionCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${sessionCookieName(secure)}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`
}

const LOOPBACK_NAME = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i

/**
 * Whether the session cookie must be Secure: always, unless the preview's
 * public address is plain http on a loopback name or address, where
 * browsers keep a cookie without Secure and a developer has no TLS. A
 * mistaken address fails safe: a Secure cookie over plain http to another
 * name is dropped by the browser, and the editor is asked to sign in again.
 */
export function previewCookieSecure(publicUrl: string): boolean {
  const url = new URL(publicUrl)
  return !(url.protocol === "http:" && LOOPBACK_NAME.test(url.hostname))
}

/** A made-up origin to resolve `next` against: only what stays on it is a path of this site. */
const THIS_SITE = "http://preview.invalid"

/**
 * Where to go after signing in: `next` resolved as a browser would resolve
 * it on this site (the URL parser drops tabs and newlines and reads `\` as
 * `/`, so `/\t/evil.example/` is `//evil.example/`), kept only when it stays
 * on this site, and sent as the parser writes it. A path that would start
 * with `//` once written (`/.//evil.example`) is another site to a browser.
 */
export function safeNext(next: unknown): string {
  if (typeof next !== "string" || !next.startsWith("/")) return "/"
  let url: URL
  try {
    url = new URL(next, THIS_SITE)
  } catch {
    return "/"
  }
  if (url.origin !== THIS_SITE || url.pathname.startsWith("//")) return "/"
  return `${url.pathname}${url.search}${url.hash}`
}
