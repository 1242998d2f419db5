/** A page of each family the site builds (on the sample catalogue), for checks that run across all of them. */
export interface PageFamily {
  name: string
  path: string
  /** Text that appears once a page drawn in the browser has its content. */
  ready?: string
}

export const PAGE_FAMILIES: readonly PageFamily[] = [
  { name: "home", path: "/" },
  { name: "category", path: "/category/2" },
  { name: "category-page-2", path: "/category/2/2" },
  { name: "subcategory", path: "/subcategory/13" },
  { name: "subcategory-empty", path: "/subcategory/36" },
  { name: "series", path: "/series/101" },
  { name: "series-empty", path: "/series/108" },
  { name: "episode", path: "/detail/1002" },
  { name: "search-results", path: "/search-results?q=yoga", ready: "Sunrise Yoga" },
  { name: "search-nothing-found", path: "/search-results?q=xylophone", ready: "Sorry, your results can’t be found." },
  { name: "thank-you", path: "/thank-you" },
  // Where the Subscribe form without JavaScript lands when the address was not taken.
  { name: "subscribe-outcome", path: "/subscribe/invalid-address/" },
  // The visitor's own list, drawn from their browser's storage: a fresh visitor's is empty.
  { name: "my-list", path: "/my-list/", ready: "Nothing saved yet." },
  { name: "not-found", path: "/no-such-page" },
]
