import crypto from "node:crypto"
import fs from "node:fs/promises"
import path from "node:path"
import sharp from "sharp"
import { seededRandom } from "./random"

/** Names the server can draw: `{kind}-{id}.jpg` or `{kind}-{id}-{n}.jpg`. */
export const MEDIA_NAME = /^(category|subcategory|series|episode|featured|hero|search)-\d+(?:-\d+)?\.jpg$/

export const MEDIA_WIDTH = 1600
export const MEDIA_HEIGHT = 1000

/** Abstract artwork (gradient, light blobs, motion lines) with no text: no fonts needed. */
export function artworkSvg(name: string): string {
  const random = seededRandom(name)
  const hue = Math.floor(random() * 360)
  const second = (hue + 40 + Math.floor(random() * 80)) % 360
  const blobs = Array.from({ length: 7 }, () => {
    const cx = Math.round(random() * MEDIA_WIDTH)
    const cy = Math.round(random() * MEDIA_HEIGHT)
    const r = Math.round(80 + random() * 320)
    const light = 55 + Math.round(random() * 30)
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${(hue + 180) % 360},80%,${light}%)" fill-opacity="0.28"/>`
  }).join("")
  const lines = Array.from({ length: 5 }, (_, i) => {
    const y = Math.round(MEDIA_HEIGHT * (0.2 + i * 0.15 + random() * 0.05))
    return `<path d="M0 ${y} C ${MEDIA_WIDTH / 3} ${y - 160}, ${(2 * MEDIA_WIDTH) / 3} ${y + 160}, ${MEDIA_WIDTH} ${y}" stroke="white" stroke-opacity="0.18" stroke-width="${6 + i * 4}" fill="none"/>`
  }).join("")
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${MEDIA_WIDTH}" height="${MEDIA_HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},70%,38%)"/><stop offset="1" stop-color="hsl(${second},75%,22%)"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${blobs}${lines}
</svg>`
}

/**
 * Returns the JPEG for `name`, drawing it on first request and keeping it in
 * `cacheDir`, so seeding stays instant and a catalogue of any size only pays
 * for the images somebody asks for.
 */
export async function mediaFile(cacheDir: string, name: string): Promise<string> {
  const file = path.join(cacheDir, name)
  try {
    await fs.access(file)
    return file
  } catch {
    await fs.mkdir(cacheDir, { recursive: true })
    // libjpeg-turbo, not mozjpeg: an original is an editor's upload, and its bytes only travel from this
    // server to the build, while mozjpeg takes three times as long for a file a fifth smaller
    // (docs/performance.md, "Figures behind the code's choices").
    const jpeg = await sharp(Buffer.from(artworkSvg(name)))
      .jpeg({ quality: 80 })
      .toBuffer()
    // Write then rename: two concurrent first requests never serve half a file.
    const temporary = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`
    await fs.writeFile(temporary, jpeg)
    await fs.rename(temporary, file)
    return file
  }
}

/**
 * The image service: a width and format in the query, as imgix-style CMS
 * asset hosts take them (`?w=480&fm=webp`). Widths are multiples of
 * RESIZE_STEP up to the drawing's own width (never enlarged), in three
 * formats: 300 variants of each picture. That alone does not bound the disk
 * or the processor at catalogue scale; store.ts does (how many are made
 * at once, how many are kept).
 */
export const RESIZE_FORMATS = { jpg: "image/jpeg", webp: "image/webp", avif: "image/avif" } as const
export type ResizeFormat = keyof typeof RESIZE_FORMATS
export const RESIZE_STEP = 16
export const RESIZE_MAX_WIDTH = MEDIA_WIDTH

export type ResizeRequest = { width: number; format: ResizeFormat }

/** The query of a resize request, or why it is refused; undefined when the query asks for the original. */
export function parseResizeQuery(query: Record<string, unknown>): ResizeRequest | { error: string } | undefined {
  const names = Object.keys(query)
  if (names.length === 0) return undefined
  const unknown = names.filter((name) => name !== "w" && name !== "fm")
  if (unknown.length) return { error: `Unknown parameter(s) ${unknown.join(", ")}: only w (width) and fm (format) are taken.` }
  const widthText = query.w
  if (typeof widthText !== "string" || !/^\d{1,5}$/.test(widthText)) {
    return { error: `w must be a width in pixels: a multiple of ${RESIZE_STEP} from ${RESIZE_STEP} to ${RESIZE_MAX_WIDTH}.` }
  }
  const width = Number(widthText)
  if (width < RESIZE_STEP || width > RESIZE_MAX_WIDTH || width % RESIZE_STEP !== 0) {
    return { error: `w=${width} is not served: widths are multiples of ${RESIZE_STEP} from ${RESIZE_STEP} to ${RESIZE_MAX_WIDTH}.` }
  }
  const format = query.fm ?? "jpg"
  // Own keys only: `in` also finds what every object inherits (fm=constructor, fm=__proto__).
  if (typeof format !== "string" || !Object.hasOwn(RESIZE_FORMATS, format)) {
    return { error: `fm must be one of ${Object.keys(RESIZE_FORMATS).join(", ")}.` }
  }
  return { width, format: format as ResizeFormat }
}

/** Where the variant of `name` at `width` in `format` is kept: beside the originals, in resized/. */
export function variantFile(cacheDir: string, name: string, { width, format }: ResizeRequest): string {
  return path.join(cacheDir, "resized", `${name.replace(/\.jpg$/, "")}-w${width}.${format}`)
}

/**
 * Makes `file` (variantFile's name) for the picture `name`, drawn from its
 * artwork at the width asked rather than resized from the 1600 px original:
 * a small copy (a build in image service mode asks one of every picture)
 * then costs a small drawing, and a variant does not depend on whether the
 * original exists (decision 0022). The caller decides when: store.ts makes
 * each variant once at a time and only as many at once as its limits allow.
 */
export async function writeVariant(name: string, file: string, { width, format }: ResizeRequest): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true })
  // sharp takes 1 DPI at the least (72 draws the artwork at its own 1600 px): narrower still is resized below.
  const density = Math.max(1, (72 * width) / MEDIA_WIDTH)
  const resized = sharp(Buffer.from(artworkSvg(name)), { density }).resize({ width })
  const bytes = await (
    format === "webp" ? resized.webp({ quality: 75 }) : format === "avif" ? resized.avif({ quality: 50 }) : resized.jpeg({ quality: 80, mozjpeg: true })
  ).toBuffer()
  // Write then rename, as mediaFile does: a reader never sees half a file.
  const temporary = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`
  await fs.writeFile(temporary, bytes)
  await fs.rename(temporary, file)
}

export interface DrawProgress {
  /** Pictures drawn so far by this call. */
  drawn: number
  /** Pictures this call has to draw: the names not already in the folder. */
  toDraw: number
  /** Names found already drawn, and skipped. */
  cached: number
}

/**
 * Draws every named picture that `cacheDir` does not hold yet, `concurrency`
 * at a time, as the server would on first request (the same files, the same
 * write-then-rename), so a benchmark can draw its catalogue's pictures before
 * it measures anything. Sharp works on libuv's threads, so a few promises in
 * flight keep that many cores busy. `onProgress` is told after each drawing.
 */
export async function drawMedia(
  cacheDir: string,
  names: Iterable<string>,
  { concurrency = 2, onProgress }: { concurrency?: number; onProgress?: (progress: DrawProgress) => void } = {},
): Promise<DrawProgress> {
  const wanted = [...new Set(names)]
  const refused = wanted.filter((name) => !MEDIA_NAME.test(name))
  if (refused.length)
    throw new Error(
      `No picture is drawn for ${refused
        .slice(0, 3)
        .map((name) => JSON.stringify(name))
        .join(", ")}${refused.length > 3 ? ` and ${refused.length - 3} more` : ""}.`,
    )
  await fs.mkdir(cacheDir, { recursive: true })
  const present = new Set(await fs.readdir(cacheDir))
  const missing = wanted.filter((name) => !present.has(name))
  const progress: DrawProgress = { drawn: 0, toDraw: missing.length, cached: wanted.length - missing.length }
  let next = 0
  let failed = false
  const worker = async () => {
    while (!failed && next < missing.length) {
      const name = missing[next++]!
      try {
        await mediaFile(cacheDir, name)
      } catch (error) {
        failed = true
        throw error
      }
      progress.drawn++
      onProgress?.({ ...progress })
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, missing.length)) }, worker))
  return progress
}
