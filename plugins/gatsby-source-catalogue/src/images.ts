import path from "node:path"
import crypto from "node:crypto"
import fs from "node:fs/promises"
import sharp from "sharp"
import type { GatsbyCache } from "gatsby"
import { downloadImage, fetchImageBytes, type ImageDownloadLimits } from "./image-download"
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
  /** Dominant colour, `#rrggbb`: the picture's box shows it until the picture loads. */
  placeholderColor: string | null
  /** The downloaded original in Gatsby's cache; absent when an image service serves the picture. */
  sourceFile?: string
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

/** Why an image could not be used, in one line: a download's `Reason:` line, or the first line of another error. */
export function imageFailureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  if (/unsupported image format|corrupt header/i.test(message)) return "it is not an image"
  const reason = /^Reason:\s*(.+)$/m.exec(message)?.[1]
  return (reason ?? message.split("\n")[0] ?? message).trim()
}

/**
 * The colour most of the picture is, as sharp's `stats().dominant` finds it
 * (the fullest of 16 × 16 × 16 colour bins, at its centre), from one decode a
 * few dozen pixels wide: a JPEG decodes that small for a fraction of the cost,
 * and one pipeline instead of sharp's two (resize, then stats) halves the work
 * of probing thousands of pictures.
 */
export async function dominantColor(input: string | Buffer): Promise<string | null> {
  const { data, info } = await sharp(input, { failOn: "none" }).resize(48, 48, { fit: "inside" }).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const bins = new Uint32Array(16 * 16 * 16)
  let fullest = 0
  for (let offset = 0; offset < data.length; offset += info.channels) {
    const channel = (at: number) => (info.channels >= 3 ? data[offset + at]! : data[offset]!) >> 4
    const bin = (channel(0) << 8) | (channel(1) << 4) | channel(2)
    bins[bin] = bins[bin]! + 1
    if (bins[bin]! > bins[fullest]!) fullest = bin
  }
  const centre = (level: number) => ((level << 4) + 8).toString(16).padStart(2, "0")
  return `#${centre(fullest >> 8)}${centre((fullest >> 4) & 15)}${centre(fullest & 15)}`
}

/** An image service that resizes by URL: which origins it serves and its URL template. */
export interface ImageService {
  origins: string[]
  /** With `{url}`, `{width}` and `{format}` (webp, jpg). */
  urlTemplate: string
  /** The widest it serves; the picture's files are never asked wider. */
  maxWidth: number
}

/** Width of the copy asked of an image service to learn a picture's proportions and colour. */
export const SERVICE_PROBE_WIDTH = 64

export const servedBy = (service: ImageService | undefined, url: string): ImageService | undefined =>
  service?.origins.includes(new URL(url).origin) ? service : undefined

export interface ImageFetchContext {
  cache: GatsbyCache
  /** When set, pictures on its origins are not downloaded: a small copy tells their proportions and colour. */
  imageService?: ImageService
  limiter: Limiter
  /** Which hosts may be asked and how large a picture may be. */
  limits: ImageDownloadLimits
  /** Which entities show each URL, to name them when it is broken. */
  usedBy: Map<string, string[]>
  warn: (message: string) => void
  onProgress?: () => void
  /** Each image as soon as it is probed, so its processing overlaps the next downloads. */
  onImage?: (file: ImageFile) => void
}

/**
 * Downloads each distinct image URL once (the file is kept across builds and
 * revalidated with ETag/Last-Modified) and reads its size and type. A URL that fails or is not an image is a warning naming who
 * shows it; those entities render without it.
 */
export async function fetchImages(urls: Iterable<string>, context: ImageFetchContext): Promise<Map<string, ImageFile>> {
  const files = new Map<string, ImageFile>()
  await Promise.all(
    [...new Set(urls)].map((url) =>
      context.limiter(async () => {
        try {
          const service = servedBy(context.imageService, url)
          const probeUrl = service
            ? service.urlTemplate.replace("{url}", url).replace("{width}", String(SERVICE_PROBE_WIDTH)).replace("{format}", "jpg")
            : url
          // A service's small copy is read into memory: the probe's facts are kept in the catalogue state
          // across builds, and a file costs a write and a cache entry.
          const file = service ? undefined : await downloadImage(probeUrl, context.cache, context.limits)
          const bytes = file ? await fs.readFile(file) : await fetchImageBytes(probeUrl, context.limits)
          const metadata = await sharp(bytes).metadata()
          const format = service ? /\.(\w+)$/.exec(new URL(url).pathname)?.[1]?.replace("jpg", "jpeg") : metadata.format
          const mimeType = format ? MIME_TYPES[format] : undefined
          if (!mimeType || !metadata.width || !metadata.height) throw new Error("unsupported image format")
          // A service's copy has the picture's proportions; its size is what the service will serve at most.
          const width = service ? service.maxWidth : metadata.width
          const height = service ? Math.round((service.maxWidth * metadata.height) / metadata.width) : metadata.height
          const probed: ImageFile = {
            url,
            filename: path.basename(new URL(url).pathname) || "image",
            mimeType,
            width,
            height,
            filesize: bytes.length,
            contentDigest: crypto.createHash("md5").update(bytes).digest("hex"),
            placeholderColor: await dominantColor(bytes),
            ...(file ? { sourceFile: file } : {}),
          }
          files.set(url, probed)
          context.onImage?.(probed)
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
