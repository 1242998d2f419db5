import type { SubscribeFormOutcome } from "../../contract/subscribe-form"

/**
 * The pages the catalogue sends a visitor to when the Subscribe form went
 * without JavaScript and was not taken (contract/subscribe-form.ts). Each
 * says what happened in docs/reference/spec.md section 8's words, where it has them. Apart
 * from fixed-page-texts.ts, which other pages' bundles carry; their search
 * descriptions are the build's (gatsby/seo/fixed-pages.ts).
 */
export const SUBSCRIBE_OUTCOME_TEXTS: Record<Exclude<SubscribeFormOutcome, "subscribed">, { title: string; text: string }> = {
  "invalid-address": { title: "Check your email address", text: "Please enter a valid email address." },
  "not-subscribed": { title: "You are not subscribed", text: "Subscription failed." },
  "too-many": {
    title: "Please try again later",
    text: "Too many sign-ups from your network just now. Your address was not sent: please try again in a few minutes.",
  },
  unavailable: { title: "You are not subscribed yet", text: "An error occurred. Please try again." },
}
