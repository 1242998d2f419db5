// The footer's Subscribe form without JavaScript: the browser posts the form
// itself (application/x-www-form-urlencoded) and is answered with 303 to the
// site's page saying what happened, as the reference server does
// (cms/src/catalogue/routes/subscribe.ts).

/**
 * A copy of the root's contract/subscribe-form.ts (this integration is its
 * own package and cannot import it): the site builds a page at each of
 * these paths, so the redirect must name the same ones. The root's tests
 * compare the two for every outcome.
 */
export const SUBSCRIBE_FORM_OUTCOMES = ["subscribed", "invalid-address", "not-subscribed", "too-many", "unavailable"] as const

export type SubscribeFormOutcome = (typeof SUBSCRIBE_FORM_OUTCOMES)[number]

/** The site's page for an outcome (contract/subscribe-form.ts). */
export function subscribeOutcomePath(outcome: SubscribeFormOutcome): string {
  return outcome === "subscribed" ? "/thank-you/" : `/subscribe/${outcome}/`
}

/** What a form's sender is told of an answer: any refusal of the request is a bad address, the limit its own page, a failure ours. */
export function formOutcome(status: number): SubscribeFormOutcome {
  if (status < 400) return "subscribed"
  if (status === 429) return "too-many"
  return status < 500 ? "invalid-address" : "unavailable"
}

export const FOREIGN_FORM_MESSAGE = "This form can only be sent from the site's own pages."

/** Whether a request's body is a form, by its Content-Type. */
export const isFormType = (contentType: string) => contentType.toLowerCase().startsWith("application/x-www-form-urlencoded")

/**
 * The sending page's origin when it is one of the site's, else undefined.
 * Any page can make a browser post a form (no preflight), and browsers
 * send Origin with every POST: one missing or foreign is not the site's.
 */
export function siteOriginOf(origin: string, siteOrigins: readonly string[]): string | undefined {
  return origin !== "" && siteOrigins.includes(origin) ? origin : undefined
}
