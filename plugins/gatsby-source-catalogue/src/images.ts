import path from "node:path"
import crypto from "node:crypto"
import fs from "node:fs/promises"
import sharp from "sharp"
import { fetchRemoteFile } from "gatsby-core-utils/fetch-remote-file"
import type { GatsbyCache } from "gatsby"
import type { Limiter } from "./limiter"

/** What the RemoteFile interface needs to know of an image. */
export interface ImageFile {
  url: string
  filename: string
  mimeType: string
  width: number
  height: number
  filesize: number
  /** Of the bytes, so an image replaced at the same URL is processed anew. */
  contentDigest: string
}

const MIME_TYPES: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
  heif: "image/avif",
  svg: "image/svg+xml",
}

/** Why an image could not be used, in one line (fetchRemoteFile's messages span several). */
export function imageFailureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  if (/unsupported image format|corrupt header/i.test(message)) return "it is not an image"
  const reason = /^Reason:\s*(.+)$/m.exec(message)?.[1]
  return (reason ?? message.split("\n")[0] ?? message).trim()
}

export interface ImageFetchContext {
  cache: GatsbyCache
  limiter: Limiter
  /** Which entities show each URL, to name them when it is broken. */
  usedBy: Map<string, string[]>
  warn: (message: string) => void
  onProgress?: () => void
}

/**
 * Downloads each distinct image URL once (Gatsby's fetchRemoteFile keeps the
 * file across builds and revalidates it with ETag/Last-Modified) and reads its
 * size and type. A URL that fails or is not an image is a warning naming who
 * shows it; those entities render without it.
 */
export async function fetchImages(urls: Iterable<string>, context: ImageFetchContext): Promise<Map<string, ImageFile>> {
  const files = new Map<string, ImageFile>()
  await Promise.all(
    [...new Set(urls)].map((url) =>
      context.limiter(async () => {
        try {
          const file = await fetchRemoteFile({ url, cache: context.cache })
          const [metadata, bytes] = await Promise.all([sharp(file).metadata(), fs.readFile(file)])
          const mimeType = metadata.format ? MIME_TYPES[metadata.format] : undefined
          if (!mimeType || !metadata.width || !metadata.height) throw new Error("unsupported image format")
          files.set(url, {
            url,
            filename: path.basename(new URL(url).pathname) || "image",
            mimeType,
            width: metadata.width,
            height: metadata.height,
            filesize: bytes.length,
            contentDigest: crypto.createHash("md5").update(bytes).digest("hex"),
          })
        } catch (error) {
          const users = context.usedBy.get(url) ?? []
          const reason = imageFailureReason(error)
          context.warn(`Image ${url} of ${users.join(", ") || "an entity"} could not be used (${reason}); it is left out.`)
        } finally {
          context.onProgress?.()
        }
      }),
    ),
  )
  return files
}
