import type { Core } from "@strapi/strapi"

/**
 * The media library's settings for this site: no responsive copies, no
 * recompression and no AI captions. The site makes every size it shows from
 * the original (docs/reference/images.md), so Strapi's large/medium/small
 * copies would only cost each upload its time and disk; the admin's small
 * thumbnail is always made. Editors may turn them on again in Settings,
 * Media Library: this runs once, before the seed.
 */
export async function useOriginalPictures(strapi: Core.Strapi): Promise<void> {
  const upload = strapi.plugin("upload").service("upload")
  const current = ((await upload.getSettings()) ?? {}) as Record<string, unknown>
  await upload.setSettings({ ...current, responsiveDimensions: false, sizeOptimization: false, autoOrientation: false, aiMetadata: false })
}
