// Texts of the pages that are not catalogue entities, shared by the pages
// that show them and the SEO that describes them (gatsby/seo/fixed-pages.ts).

export const THANK_YOU_TITLE = "Thank you For Subscribing"
export const THANK_YOU_TEXT = "Your journey starts now! We’ll be in touch with tips, workouts, and entertainment just for you."
export const NOT_FOUND_TEXT = "You are trying to access a page that doesn't exist or is currently unavailable!"
/** The visitor's saved series (docs/reference/viewing-memory.md), a page of ours beside docs/reference/spec.md's. */
export const MY_LIST_TITLE = "My list"
