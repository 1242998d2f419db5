export interface PaginationContext {
  limit: number
  skip: number
  numPages: number
  currentPage: number
}

/** Path of page `page` (1-based) of a paginated listing: page 1 is the base path itself. */
export function pagePath(basePath: string, page: number): string {
  return page <= 1 ? basePath : `${basePath}/${page}`
}

/**
 * One entry per page of a listing of `count` items, `perPage` a page, as
 * Gatsby's pagination guide does it. An empty listing still gets its page 1.
 */
export function paginate(basePath: string, count: number, perPage: number): { path: string; context: PaginationContext }[] {
  const numPages = Math.max(1, Math.ceil(count / perPage))
  return Array.from({ length: numPages }, (_, index) => ({
    path: pagePath(basePath, index + 1),
    context: { limit: perPage, skip: index * perPage, numPages, currentPage: index + 1 },
  }))
}
