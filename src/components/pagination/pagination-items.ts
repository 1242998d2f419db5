export type PaginationItem = { kind: "page"; page: number } | { kind: "gap"; after: number }

/** docs/reference/spec.md section 9: pages shown at each end, and around the current page. */
export const MARGIN_PAGES = 2
export const RANGE_PAGES = 3

/**
 * The numbered entries of a pager over pages 1..total: `margin` pages at
 * each end, `range` pages around `current`, and a gap for each run of hidden
 * pages. A gap that would hide a single page shows the page instead.
 */
export function paginationItems(current: number, total: number, margin = MARGIN_PAGES, range = RANGE_PAGES): PaginationItem[] {
  const shown = new Set<number>()
  for (let page = 1; page <= Math.min(margin, total); page++) shown.add(page)
  for (let page = Math.max(1, total - margin + 1); page <= total; page++) shown.add(page)
  const start = Math.max(1, Math.min(current - Math.floor((range - 1) / 2), total - range + 1))
  for (let page = start; page < start + range && page <= total; page++) shown.add(page)

  const items: PaginationItem[] = []
  let previous = 0
  for (const page of [...shown].sort((a, b) => a - b)) {
    if (page - previous === 2) items.push({ kind: "page", page: previous + 1 })
    else if (page - previous > 2) items.push({ kind: "gap", after: previous })
    items.push({ kind: "page", page })
    previous = page
  }
  return items
}
