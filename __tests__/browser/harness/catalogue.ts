import type { Served } from "../../../contract/served"
import { harness } from "./setup/harness-env"

export type { Served }

/**
 * Reads the reference server's catalogue API of this test run, what the site
 * was built from, as contract type `T` (e.g. `api<ApiCategory[]>("/categories")`);
 * `apiUrl`: a file's own server instead.
 */
export async function api<T>(path: string, apiUrl = harness().apiUrl): Promise<Served<T>> {
  const response = await fetch(`${apiUrl}${path}`)
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`)
  const body = (await response.json()) as unknown
  return (path === "/categories-states" ? body : (body as { data: unknown }).data) as Served<T>
}

export const PHONE = 375
export const DESKTOP = 1280

/** Gatsby writes links with the trailing slash of its prebuilt pages; compare paths without it. */
export const withoutTrailingSlash = (href: string | null) => href?.replace(/(.)\/$/, "$1") ?? null
