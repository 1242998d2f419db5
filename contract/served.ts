import type { ApiId } from "./schemas"

/**
 * A contract type as the reference server fills it. The contract lets any
 * backend leave fields null or out and send string ids; the reference server
 * sends every field it has, with numeric ids (its contract tests prove it), so
 * its own code and the tests read its answers whole instead of guarding each
 * field. Optional marketing metadata (`seo`) stays optional and as lenient as
 * the contract: the server sends it only on entities that have some, exactly
 * as an editor wrote it. Lists that come only with a detail (`sub_categories`,
 * `series`) are there when asked of a detail.
 */
export type Served<T> = [T] extends [ApiId]
  ? [ApiId] extends [T]
    ? number
    : T
  : T extends readonly (infer Item)[]
    ? Served<NonNullable<Item>>[]
    : T extends object
      ? { [K in Exclude<keyof T, "seo">]-?: Served<NonNullable<T[K]>> } & ServedSeo<T>
      : T

type ServedSeo<T> = "seo" extends keyof T ? { seo?: NonNullable<T["seo" & keyof T]> } : unknown
