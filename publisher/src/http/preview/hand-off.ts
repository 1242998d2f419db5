import type { FastifyInstance, FastifyRequest } from "fastify"
import type { FailedAttempts } from "../routes/admin-access"
import { isFresh, UsedNonces, verifiedTicket } from "./hand-off-ticket"
import { newSession, sessionCookie } from "./session"
import { sendSignInPage, tooManyWrongTokens } from "./sign-in-routes"

export const HAND_OFF_PATH = "/_preview/hand-off"

export const EXPIRED_TICKET = "This preview link has expired: open Preview again in the CMS, or sign in with the token."

export interface HandOffOptions {
  /** PUBLISHER_PREVIEW_HANDOFF_SECRET, which the CMS signs tickets with. */
  secret: string
  /** The session a ticket opens is the sign-in's, a MAC under this token. */
  signInToken: string
  /** Failed tickets count with wrong tokens, per address. */
  attempts: FailedAttempts
  secureCookie: boolean
  hasSession: (request: FastifyRequest) => boolean
  now: () => number
}

/**
 * `GET /_preview/hand-off?ticket=…`: what the CMS's Preview button opens
 * (docs/reference/preview-lane.md, "The Preview button"). A fresh ticket,
 * signed with the shared secret, whose nonce was never taken, signs the
 * editor in (the sign-in's session cookie) and sends them to its page. The
 * admin's iframe loads the same address again after a save: an editor
 * already signed in goes to the page of any ticket the secret signed, used
 * or ended. Anyone else gets the sign-in page, 401, and the failure counts
 * as a wrong token does (429 after too many); a fresh ticket is never
 * refused. HEAD is not answered here: only a browser's GET takes a ticket.
 */
export function handOffRoute(app: FastifyInstance, options: HandOffOptions): void {
  const used = new UsedNonces()
  app.get(HAND_OFF_PATH, { exposeHeadRoute: false }, async (request, reply) => {
    // The address holds a ticket: no cache keeps the answer, and no page it leads to is told where it came from.
    reply.header("Cache-Control", "no-store").header("Referrer-Policy", "no-referrer")
    const now = options.now()
    const ticket = verifiedTicket((request.query as { ticket?: unknown }).ticket, options.secret)
    if (ticket && isFresh(ticket, now) && used.take(ticket.nonce, ticket.expiresAt, now)) {
      const session = newSession(options.signInToken, now)
      return reply.header("Set-Cookie", sessionCookie(session.value, session.maxAgeSeconds, options.secureCookie)).redirect(ticket.path, 303)
    }
    if (ticket && options.hasSession(request)) return reply.redirect(ticket.path, 303)
    // Only a ticket the secret signed names where to go after signing in.
    const next = ticket?.path ?? "/"
    const refused = tooManyWrongTokens(options.attempts, request, reply, next)
    if (refused) return refused
    options.attempts.record(request.ip)
    return sendSignInPage(reply, 401, next, EXPIRED_TICKET)
  })
}
