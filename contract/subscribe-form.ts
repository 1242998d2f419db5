// The Subscribe form without JavaScript (catalogue-api.md, "Subscribe as a
// form"): the browser posts the form itself to the catalogue's /subscribe,
// and the catalogue answers 303 to one of these pages of the site that sent
// it, each saying what happened. The reference server redirects there and the
// site builds them, so the two cannot name different pages.

export const SUBSCRIBE_FORM_OUTCOMES = ["subscribed", "invalid-address", "not-subscribed", "too-many", "unavailable"] as const

export type SubscribeFormOutcome = (typeof SUBSCRIBE_FORM_OUTCOMES)[number]

/** The site's page for an outcome: docs/reference/spec.md's thank-you page for a sign-up, a page of its own for each failure. */
export function subscribeOutcomePath(outcome: SubscribeFormOutcome): string {
  return outcome === "subscribed" ? "/thank-you/" : `/subscribe/${outcome}/`
}
