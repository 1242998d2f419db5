// What each template is handed in its page context, written by the build
// (gatsby/page-creation/create-pages.ts) and read by the templates.
// Contexts carry Gatsby node ids and page numbers (the head has its own node,
// gatsby/seo/page-heads.ts): a template that looks its node up by `id`
// depends on that node alone, so an edit elsewhere does not re-run its query.

export interface IdPageContext {
  id: string
}

/** Gatsby's pagination context, as its pagination guide names it. */
export interface PaginationContext {
  limit: number
  skip: number
  numPages: number
  currentPage: number
}

export type CategoryPageContext = IdPageContext & PaginationContext

/** The series and subcategory node ids let the episode query fetch the series' episodes and the recommended series directly. */
export interface EpisodePageContext {
  id: string
  seriesId: string
  subcategoryId: string
}
