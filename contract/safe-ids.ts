// The one home of the path-safe id rule: the source plugin refuses an answer
// that breaks it (http/answer-shapes.ts), and the conformance kit
// (conformance/) tells a backend's author the same thing before any build.

/**
 * What an id may be. catalogue-api.md makes ids opaque (integers in the reference
 * server) and the site puts them in page paths (`/series/{id}`) and request
 * paths (`/series/{id}/episodes`): `..` would make the page `/series/..`, that
 * is `/`, and ask the API for its parent; `/`, `\`, `%`, `?` and `#` change
 * what a path means. So an id is one plain path segment: URL-unreserved
 * characters only (what needs no encoding), not starting with a dot (no `.`,
 * `..` or hidden file under public/), and short enough to be a file name.
 */
export const SAFE_ID = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,127}$/

/** The rule in words, for the build's message and the conformance kit's. */
export const SAFE_ID_RULE = 'an id names a page and a request path, so it must be 1 to 128 letters (A-Z, a-z), digits, "-", "_", "." or "~", not starting with "."'

/** The fields of the contract's answers that hold a catalogue id (`video_id` names a video, never a path). */
const ID_FIELDS = new Set(["id", "category_id", "series_id", "sub_category_id"])

/** Whether an id can be one path segment as it is. */
export function isSafeId(id: string | number): boolean {
  return SAFE_ID.test(String(id))
}

/** `data[0].sub_categories[2].id` for its path. */
const fieldName = (path: readonly (string | number)[]) => path.map((key, index) => (typeof key === "number" ? `[${key}]` : `${index > 0 ? "." : ""}${key}`)).join("")

/**
 * Every id in a parsed answer that is not a safe path segment, each named by
 * its field and by the title of the entity that holds it, so the message says
 * which entity to fix. Walks what the contract schema kept, so only its id
 * fields are seen.
 */
export function unsafeIds(answer: unknown): string[] {
  const found: string[] = []
  const visit = (value: unknown, path: (string | number)[]) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, [...path, index]))
      return
    }
    if (typeof value !== "object" || value === null) return
    const entity = value as Record<string, unknown>
    for (const [key, field] of Object.entries(entity)) {
      if (ID_FIELDS.has(key) && (typeof field === "string" || typeof field === "number") && !isSafeId(field)) {
        const title = typeof entity.title === "string" && entity.title ? ` (the entity titled ${JSON.stringify(entity.title)})` : ""
        found.push(`"${fieldName([...path, key])}" is ${JSON.stringify(field)}${title}`)
      } else {
        visit(field, [...path, key])
      }
    }
  }
  visit(answer, [])
  return found
}
