export { PAGE_FAMILIES, type PageFamily } from "../../../scripts/lib/page-families"

export const WIDTHS = [375, 768, 1280] as const
