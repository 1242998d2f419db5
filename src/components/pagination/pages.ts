/**
 * The one pagination model of the site: the category grid is paginated into
 * pages at build time, 'Next Episodes' in the browser, and both count, number
 * and slice their pages here. Page numbers are 1-based; page 1 is the base path.
 */
import type { PaginationContext } from "../../page-context"

/** Subcategories on one page of a category's grid, and episodes on one page of 'Next Episodes' (docs/reference/spec.md section 9). */
export const ITEMS_PER_PAGE = 8

/** How many pages `count` items fill; an empty listing still has its page 1. */
export function pageCount(count: number, perPage = ITEMS_PER_PAGE): number {
  return Math.max(1, Math.ceil(count / perPage))
}

/** The page (1-based) that holds item `index`; page 1 when the item is not there. */
export function pageOfIndex(index: number, perPage = ITEMS_PER_PAGE): number {
  return index < 0 ? 1 : Math.floor(index / perPage) + 1
}

/** The context of page `page` of a listing of `count` items. */
export function paginationContext(page: number, count: number, perPage = ITEMS_PER_PAGE): PaginationContext {
  return { limit: perPage, skip: (page - 1) * perPage, numPages: pageCount(count, perPage), currentPage: page }
}

/** The items one page shows. */
export function pageItems<T>(items: readonly T[], { skip, limit }: Pick<PaginationContext, "skip" | "limit">): T[] {
  return items.slice(skip, skip + limit)
}

/** Path of page `page` of a paginated listing: page 1 is the base path itself. */
export function pagePath(basePath: string, page: number): string {
  return page <= 1 ? basePath : `${basePath}/${page}`
}

/** One entry per page of a listing of `count` items, as Gatsby's pagination guide does it. */
export function paginate(basePath: string, count: number, perPage = ITEMS_PER_PAGE): { path: string; context: PaginationContext }[] {
  return Array.from({ length: pageCount(count, perPage) }, (_, index) => ({
    path: pagePath(basePath, index + 1),
    context: paginationContext(index + 1, count, perPage),
  }))
}
