import { isDeepStrictEqual } from "node:util"
import type { NodePluginArgs, Page } from "gatsby"
import { withTrailingSlash } from "../../src/routes"

/** What Gatsby 5.16's `pages` state holds of a page (gatsby/dist/redux/actions/public.js, createPage), as far as the site's pages set it. */
interface StoredPage {
  path: string
  component: string
  context: unknown
  matchPath?: string
  updatedAt: number
}

/**
 * Whether a page needs Gatsby's createPage in this build, for each page
 * createPages plans: a page Gatsby already holds as planned (same component,
 * context and match path) is kept as it is and marked created in this run,
 * and needs no call; a new or changed one does.
 *
 * Gatsby deletes every page a build's createPages does not create again,
 * going by its `updatedAt` (gatsby/dist/utils/changed-pages.js,
 * deleteUntouchedPages), and createPage does its work for every page even
 * when nothing changed: the page's SitePage node read from LMDB, its content
 * digest, two actions through every reducer; an edit changes a dozen. Marking the
 * page is what createPage would have done to an unchanged page: its stored
 * fields are the same, its SitePage node stays (the patched internal data
 * bridge keeps its nodes, keep-page-nodes.ts), and Gatsby's own comparison
 * after createPages (findChangedPages) finds nothing changed. The store is
 * Gatsby's private state: the pinned version's shape, which the test of
 * this module checks against Gatsby's own deleteUntouchedPages.
 */
export function pagesToCreate(store: NodePluginArgs["store"] | undefined): (page: Page<object>) => boolean {
  if (!store) return () => true
  const { pages } = store.getState() as { pages: Map<string, StoredPage> }
  return (page) => {
    const stored = pages.get(withTrailingSlash(page.path))
    if (!stored || stored.component !== page.component || stored.matchPath !== page.matchPath || !isDeepStrictEqual(stored.context, page.context ?? {})) return true
    stored.updatedAt = Date.now()
    return false
  }
}
