/** The language of every page (`<html lang>`, gatsby-ssr.tsx): the site's own text is English. */
export const PAGE_LANGUAGE = "en"
