import type { Browser } from "playwright-core"
import { PAGE_FAMILIES, type PageFamily } from "../../../scripts/lib/page-families"
import { visit, type VisitedPage } from "./browser"

export { PAGE_FAMILIES, type PageFamily }

export const WIDTHS = [375, 768, 1280] as const

/** Opens a family's page at `width` and waits until it shows its content. */
export async function openFamily(browser: Browser, family: PageFamily, width: number): Promise<VisitedPage> {
  const visited = await visit(browser, family.path, width)
  if (family.ready) await visited.page.getByText(family.ready).first().waitFor()
  return visited
}
