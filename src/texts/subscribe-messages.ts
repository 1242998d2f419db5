/** What the footer's Subscribe form tells the visitor (docs/reference/spec.md section 8), apart from the code that sends. */
export const SUBSCRIBE_MESSAGES = {
  invalidEmail: "Please enter a valid email address.",
  failed: "Subscription failed.",
  error: "An error occurred. Please try again.",
  noResponse: "An unexpected error occurred. Please check your network connection.",
  /** Not in docs/reference/spec.md's catalogue: nothing went wrong on either side, the device has no network. */
  offline: "You are offline, so nothing was sent. Your address is still here: press Subscribe again once you are back online.",
} as const
