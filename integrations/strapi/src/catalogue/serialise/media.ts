import type { ApiImage } from "./answers"
import type { UploadFile } from "./documents"

/**
 * An upload's address as the contract's `path`: the upload provider's URL,
 * which for the local provider is `/uploads/x.jpg`, relative to the API's
 * origin as catalogue-api.md allows; undefined for an upload without one.
 */
export function uploadPath(file: UploadFile | null | undefined): string | undefined {
  const url = file?.url
  return typeof url === "string" && url !== "" ? url : undefined
}

/** A media field's uploads as `images`: `[{ path }]`, in the editor's order; empty without any. */
export function imagesOf(files: readonly (UploadFile | null)[] | null | undefined): ApiImage[] {
  return (files ?? []).flatMap((file) => {
    const path = uploadPath(file)
    return path === undefined ? [] : [{ path }]
  })
}
