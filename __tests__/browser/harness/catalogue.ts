import type { ApiId } from "../../../contract/schemas"
import { harness } from "./harness-env"

/**
 * A contract type as the reference server fills it. The contract lets any
 * backend leave fields null or out and send string ids; this server sends
 * every field it has with numeric ids (its contract tests prove it), so the
 * tests read its answers whole instead of guarding each field. Optional
 * marketing metadata (`seo`) it never sends is left out; lists that come only
 * with a detail (`sub_categories`, `series`) are there when asked of a detail.
 */
export type Served<T> = [T] extends [ApiId]
  ? [ApiId] extends [T]
    ? number
    : T
  : T extends readonly (infer Item)[]
    ? Served<NonNullable<Item>>[]
    : T extends object
      ? { [K in Exclude<keyof T, "seo">]-?: Served<NonNullable<T[K]>> }
      : T

/**
 * Reads the reference server's catalogue API of this test run, what the site
 * was built from, as contract type `T` (e.g. `api<ApiCategory[]>("/categories")`).
 */
export async function api<T>(path: string): Promise<Served<T>> {
  const response = await fetch(`${harness().apiUrl}${path}`)
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`)
  const body = (await response.json()) as unknown
  return (path === "/categories-states" ? body : (body as { data: unknown }).data) as Served<T>
}

export const PHONE = 375
export const DESKTOP = 1280

/** Gatsby writes links with the trailing slash of its prebuilt pages; compare paths without it. */
export const withoutTrailingSlash = (href: string | null) => href?.replace(/(.)\/$/, "$1") ?? null
