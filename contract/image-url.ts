import type { ApiImage } from "./schemas"

/**
 * Absolute http(s) URL of an API image (catalogue-api.md: `path` is absolute, or
 * relative to the API's origin), or undefined when it has no usable one.
 * Pure, with no Node imports: the build and the browser both call it.
 */
export function imageUrl(image: ApiImage | null | undefined, apiUrl: string): string | undefined {
  const raw = image?.path?.trim()
  if (!raw) return undefined
  try {
    const url = new URL(raw, new URL(apiUrl).origin)
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined
  } catch {
    return undefined
  }
}
