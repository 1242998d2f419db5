/** One page of every family the site builds, for checks that run across all of them. */
export const PAGE_FAMILIES = [
  { name: "home", path: "/" },
  { name: "category", path: "/category/2" },
  { name: "category-page-2", path: "/category/2/2" },
  { name: "subcategory", path: "/subcategory/13" },
  { name: "subcategory-empty", path: "/subcategory/36" },
  { name: "series", path: "/series/101" },
  { name: "series-empty", path: "/series/108" },
  { name: "episode", path: "/detail/1002" },
  { name: "thank-you", path: "/thank-you" },
  { name: "not-found", path: "/no-such-page" },
] as const

export const WIDTHS = [375, 768, 1280] as const
