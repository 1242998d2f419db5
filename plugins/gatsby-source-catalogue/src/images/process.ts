import crypto from "node:crypto"
import fs from "node:fs/promises"
import path from "node:path"
import sharp, { type OutputInfo } from "sharp"
import { createLimiter } from "../http/limiter"
import type { ImageSlot } from "./slots"
import { variantPath, variantsOf, type PictureFacts, type Variant } from "./variants"

/** What one build's image work came to, for the log and the benchmark. */
export interface ImageWorkSummary {
  /** Pictures at least one of whose files had to be made. */
  processed: number
  variants: number
  /** Pictures whose every file was already in the store (or already published). */
  reused: number
  failed: number
  /** From the first picture started to the last one done. */
  seconds: number
}

export interface ImageProcessorOptions {
  /** Where made files are kept across builds: the image store's variants (images/store.ts). */
  cacheDir: string
  /** The site's public/ folder; files are hard-linked into it. */
  publicDir: string
  /** Pictures processed at once; each runs on one of libuv's threads. */
  concurrency: number
  warn: (message: string) => void
}

export interface ImageProcessor {
  /** Makes the picture's missing files in the background; `sourceFile` is only called when one must be made. */
  ensure(picture: PictureFacts, slots: readonly ImageSlot[], sourceFile: () => Promise<string>): void
  /** Waits for everything asked so far. */
  finish(): Promise<ImageWorkSummary>
}

export const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  )

/** Hard link (no copy, no extra bytes); a copy where the two folders are on different disks. */
async function publish(cached: string, published: string): Promise<void> {
  await fs.mkdir(path.dirname(published), { recursive: true })
  try {
    await fs.link(cached, published)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === "EEXIST") return
    if (code === "EXDEV") await fs.copyFile(cached, published)
    else throw error
  }
}

/**
 * Written beside and renamed, so a build stopped halfway never leaves half a
 * file, and two writers of one file (two pictures with the same bytes, or two
 * builds sharing the image store) each rename a whole file of their own: the
 * temporary name is unique to the write, not only to the process. A folder
 * removed meanwhile (a sweep of the store) is made again, once.
 */
export async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`
  for (let attempt = 0; ; attempt += 1) {
    try {
      await fs.mkdir(path.dirname(file), { recursive: true })
      await fs.writeFile(temporary, bytes)
      await fs.rename(temporary, file)
      return
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || attempt > 0) {
        await fs.rm(temporary, { force: true })
        throw error
      }
    }
  }
}

type Decoded = { data: Buffer; info: OutputInfo }

const fromRaw = ({ data, info }: Decoded) => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })

/**
 * Makes the files of several widths from one decode: the source is read once
 * at the largest width needed, and each smaller width is shrunk from the one
 * above it, in memory (a quarter of the pixels to resample each step down).
 */
async function makeVariants(sourceFile: string, picture: PictureFacts, variants: Variant[], cacheDir: string): Promise<void> {
  const social = variants.filter((variant) => variant.height)
  const displayed = variants.filter((variant) => !variant.height).sort((a, b) => b.width - a.width)
  const largest = Math.max(social.length ? SOCIAL_MIN_DECODE : 0, ...displayed.map((variant) => variant.width))
  const decoded = await sharp(sourceFile, { failOn: "none" })
    .rotate()
    .resize({ width: Math.min(largest, picture.width), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const write = (variant: Variant, bytes: Buffer) => writeAtomically(path.join(cacheDir, variantPath(picture, variant)), bytes)
  for (const variant of social) {
    await write(variant, await fromRaw(decoded).resize(variant.width, variant.height, { fit: "cover" }).jpeg({ quality: 80, progressive: true }).toBuffer())
  }
  let above: Decoded = decoded
  for (const variant of displayed) {
    const resized: Decoded = variant.width >= above.info.width ? above : await fromRaw(above).resize({ width: variant.width }).raw().toBuffer({ resolveWithObject: true })
    await write(variant, await fromRaw(resized).webp({ quality: 75, effort: 2 }).toBuffer())
    above = resized
  }
}

/** The social crop is 1200 wide: the shared decode must be at least that, even when only card widths are missing. */
const SOCIAL_MIN_DECODE = 1200

export function createImageProcessor(options: ImageProcessorOptions): ImageProcessor {
  // One libvips thread per picture and as many pictures as cores: no thread waits on another's lock.
  sharp.concurrency(1)
  const limit = createLimiter(options.concurrency)
  const pending: Promise<void>[] = []
  const summary: ImageWorkSummary = { processed: 0, variants: 0, reused: 0, failed: 0, seconds: 0 }
  let started: number | undefined
  let ended = 0

  const ensureOne = async (picture: PictureFacts, slots: readonly ImageSlot[], sourceFile: () => Promise<string>) => {
    const variants = variantsOf(picture, slots)
    const missing: Variant[] = []
    for (const variant of variants) {
      const relative = variantPath(picture, variant)
      const published = path.join(options.publicDir, relative)
      if (await exists(published)) continue
      const cached = path.join(options.cacheDir, relative)
      // Gone between the two calls (a sweep of a shared store): made again.
      const linked =
        (await exists(cached)) &&
        (await publish(cached, published).then(
          () => true,
          () => false,
        ))
      if (!linked) missing.push(variant)
    }
    if (missing.length === 0) {
      summary.reused += 1
      return
    }
    await limit(async () => {
      started ??= Date.now()
      try {
        await makeVariants(await sourceFile(), picture, missing, options.cacheDir)
        for (const variant of missing) {
          const relative = variantPath(picture, variant)
          await publish(path.join(options.cacheDir, relative), path.join(options.publicDir, relative))
        }
        summary.processed += 1
        summary.variants += missing.length
      } catch (error) {
        summary.failed += 1
        options.warn(`Image ${picture.url} could not be resized (${error instanceof Error ? error.message : String(error)}); its pages show its box only.`)
      } finally {
        ended = Date.now()
      }
    })
  }

  return {
    ensure(picture, slots, sourceFile) {
      pending.push(ensureOne(picture, slots, sourceFile))
    },
    async finish() {
      await Promise.all(pending)
      pending.length = 0
      return { ...summary, seconds: started === undefined ? 0 : (ended - started) / 1000 }
    },
  }
}
