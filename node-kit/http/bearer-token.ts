import { HttpError } from "./http-error"
import { sameSecret } from "../security/same-secret"

/** The token of an `Authorization: Bearer <token>` header (the scheme in any case, RFC 9110); undefined for none or another scheme. */
export function bearerToken(authorization: string | string[] | undefined): string | undefined {
  const header = typeof authorization === "string" ? authorization : undefined
  return header === undefined ? undefined : /^Bearer +(\S+) *$/i.exec(header)?.[1]
}

/** Whether `authorization` is `Bearer <expected>`, compared in constant time. */
export function hasBearerToken(authorization: string | string[] | undefined, expected: string): boolean {
  const given = bearerToken(authorization)
  return given !== undefined && sameSecret(given, expected)
}

/**
 * Throws a 401 (with `WWW-Authenticate: Bearer`) unless `authorization`
 * carries `expected`, compared in constant time. `variable` names the
 * setting that holds the token and `what` the token (the admin token by
 * default), so the message says what to send; a
 * missing header and a wrong token are told apart, the token never shown.
 */
export function requireBearerToken(authorization: string | string[] | undefined, expected: string, variable: string, what = "admin token"): void {
  if (hasBearerToken(authorization, expected)) return
  const given = bearerToken(authorization)
  const [message, challenge] =
    given === undefined
      ? [`Send the ${what} as Authorization: Bearer <${variable}>.`, "Bearer"]
      : [`The ${what} is wrong: send the one in ${variable} as Authorization: Bearer <token>.`, 'Bearer error="invalid_token"']
  throw new HttpError(401, message, { headers: { "WWW-Authenticate": challenge } })
}
