import type { SubscribeFormOutcome } from "../contract/subscribe-form"

// Texts of the pages that are not catalogue entities, shared by the pages
// that show them and the SEO that describes them (gatsby/seo/fixed-pages.ts).

export const THANK_YOU_TITLE = "Thank you For Subscribing"
export const THANK_YOU_TEXT = "Your journey starts now! We’ll be in touch with tips, workouts, and entertainment just for you."
export const NOT_FOUND_TEXT = "You are trying to access a page that doesn't exist or is currently unavailable!"
/** The visitor's saved series (issue 25), a page of ours beside SPEC.md's. */
export const MY_LIST_TITLE = "My list"

/**
 * The pages the catalogue sends a visitor to when the Subscribe form went
 * without JavaScript and was not taken (contract/subscribe-form.ts). Each
 * says what happened in SPEC.md section 8's words, where it has them.
 */
export const SUBSCRIBE_OUTCOME_TEXTS: Record<Exclude<SubscribeFormOutcome, "subscribed">, { title: string; text: string; description: string }> = {
  "invalid-address": {
    title: "Check your email address",
    text: "Please enter a valid email address.",
    description: "The address sent to our mailing list does not look like an email address, so nothing was stored: check it and send the form again.",
  },
  "not-subscribed": {
    title: "You are not subscribed",
    text: "Subscription failed.",
    description: "The mailing list did not take the address sent to it, so you are not subscribed: you can send the Subscribe form again later.",
  },
  "too-many": {
    title: "Please try again later",
    text: "Too many sign-ups from your network just now. Your address was not sent: please try again in a few minutes.",
    description: "Too many sign-ups came from your network just now, so the address was not sent to the mailing list: please try again in a few minutes.",
  },
  unavailable: {
    title: "You are not subscribed yet",
    text: "An error occurred. Please try again.",
    description: "The mailing list could not take the address just now because of an error on our side, so nothing was stored: please try again.",
  },
}
