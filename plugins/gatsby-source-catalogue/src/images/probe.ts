import path from "node:path"
import crypto from "node:crypto"
import fs from "node:fs/promises"
import sharp from "sharp"
import type { GatsbyCache } from "gatsby"
import { fetchOriginal, fetchSmallCopy, originalFileOf, revalidate, type ImageDownloadLimits, type Validators } from "./download"
import { exists } from "./process"
import type { ImageStore } from "./store"
import type { Limiter } from "../http/limiter"

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
  /**
   * Where the downloaded original is kept in Gatsby's cache; absent when an
   * image service serves the picture. It may not be there: facts taken from the
   * image store stand for it, and it is downloaded only if a variant is missing.
   */
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

export const servedBy = (service: ImageService | undefined, url: string): ImageService | undefined => (service?.origins.includes(new URL(url).origin) ? service : undefined)

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
  /** Where each picture's facts are kept beyond Gatsby's cache: a URL whose original is gone is not downloaded again while they hold. */
  store?: ImageStore
}

const md5 = (bytes: Buffer) => crypto.createHash("md5").update(bytes).digest("hex")

/**
 * The picture's facts from the image store while the host does not say it
 * changed (download.ts `revalidate`: nothing asked while its last answer is
 * fresh), whether or not its original is still in Gatsby's cache (a code
 * deploy clears it; a full read of the catalogue keeps it): the picture is
 * not decoded again. A changed picture's new original.
 */
async function fromStore(url: string, context: ImageFetchContext): Promise<ImageFile | { file: string; validators: Validators } | undefined> {
  const original = originalFileOf(url, context.cache.directory)
  const stored = await context.store?.readFacts(url)
  if (!stored) return undefined
  // An original kept here that is not the picture the facts describe (the other lane's build wrote them) is
  // read as before, so the facts and the file processed are always the same picture.
  if ((await exists(original)) && md5(await fs.readFile(original)) !== stored.facts.contentDigest) return undefined
  const outcome = await revalidate(url, stored.validators, context.cache, context.limits)
  return outcome === "unchanged" ? { ...stored.facts, sourceFile: original } : outcome
}

/** The small copy asked of an image service to learn a picture's proportions and colour. */
export const smallCopyUrl = (service: ImageService, url: string) =>
  service.urlTemplate.replace("{url}", url).replace("{width}", String(SERVICE_PROBE_WIDTH)).replace("{format}", "jpg")

/** A picture's facts from its bytes: the original's, or an image service's small copy (`service`), which has its proportions. */
async function factsOf(url: string, bytes: Buffer, service: ImageService | undefined): Promise<ImageFile> {
  const metadata = await sharp(bytes).metadata()
  const format = service ? /\.(\w+)$/.exec(new URL(url).pathname)?.[1]?.replace("jpg", "jpeg") : metadata.format
  const mimeType = format ? MIME_TYPES[format] : undefined
  if (!mimeType || !metadata.width || !metadata.height) throw new Error("unsupported image format")
  // A service's copy has the picture's proportions; its size is what the service will serve at most.
  const width = service ? service.maxWidth : metadata.width
  const height = service ? Math.round((service.maxWidth * metadata.height) / metadata.width) : metadata.height
  return {
    url,
    filename: path.basename(new URL(url).pathname) || "image",
    mimeType,
    width,
    height,
    filesize: bytes.length,
    contentDigest: md5(bytes),
    placeholderColor: await dominantColor(bytes),
  }
}

/**
 * A picture an image service serves, from its small copy: read into memory
 * (no original is kept), its facts kept in the image store under the copy's
 * URL, and the copy not asked again while the service's answer is fresh (a
 * published sample picture's is for a year), so a full read of the
 * catalogue (the preview lane's first build) asks nothing of the pictures
 * the other lane's build probed.
 */
async function probeServed(url: string, service: ImageService, context: ImageFetchContext): Promise<ImageFile> {
  const copyUrl = smallCopyUrl(service, url)
  const stored = await context.store?.readFacts(url, copyUrl)
  const copy = await fetchSmallCopy(copyUrl, stored?.validators, context.limits)
  if (copy !== "unchanged") {
    const facts = await factsOf(url, copy.bytes, service)
    await context.store?.writeFacts(url, { facts, validators: copy.validators }, copyUrl)
    return facts
  }
  // Only a stored answer's validators can make it "unchanged".
  if (!stored) throw new Error(`the image service answered ${copyUrl} "unchanged" to an unconditional request`)
  return stored.facts
}

/** Reads a picture's size, type, digest and colour: from its original, from the image store, or from an image service's small copy. */
async function probeImage(url: string, context: ImageFetchContext): Promise<ImageFile> {
  const service = servedBy(context.imageService, url)
  if (service) return probeServed(url, service, context)
  const stored = await fromStore(url, context)
  if (stored && "url" in stored) return stored
  const original = stored ?? (await fetchOriginal(url, context.cache, context.limits))
  const facts = await factsOf(url, await fs.readFile(original.file), undefined)
  await context.store?.writeFacts(url, { facts, validators: original.validators })
  return { ...facts, sourceFile: original.file }
}

/**
 * Downloads each distinct image URL once (the file is kept across builds and
 * revalidated with ETag/Last-Modified; after a cleared cache the image
 * store's facts stand for it) and reads its size and type. A URL that fails or is not an image is a warning naming who
 * shows it; those entities render without it.
 */
export async function fetchImages(urls: Iterable<string>, context: ImageFetchContext): Promise<Map<string, ImageFile>> {
  const files = new Map<string, ImageFile>()
  await Promise.all(
    [...new Set(urls)].map((url) =>
      context.limiter(async () => {
        try {
          const probed = await probeImage(url, context)
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
