import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Core } from "@strapi/strapi"

/** A picture's path as the contract names it (`/media/x.jpg`, or an absolute URL) → its id in Strapi's media library. */
export type PictureIds = Map<string, number>

/** How many pictures are fetched and stored at once: the thumbnail each makes is the slow part, and this machine has two cores. */
const AT_ONCE = 3

const MIME_OF: Record<string, string> = { ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png", ".webp": "image/webp", ".gif": "image/gif", ".avif": "image/avif" }

/** The file name the media library shows: the picture's own, as the reference server names it. */
function fileName(picturePath: string): string {
  const name = decodeURIComponent(new URL(picturePath, "http://x").pathname.split("/").pop() || "picture")
  return path.extname(name) ? name : `${name}.jpg`
}

async function download(url: string, file: string): Promise<string> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`)
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()))
  return response.headers.get("content-type")?.split(";")[0]?.trim() || MIME_OF[path.extname(file).toLowerCase()] || "image/jpeg"
}

/** One picture into the media library, as the admin's upload does (a multipart file's shape: filepath, originalFilename, mimetype, size). */
async function store(strapi: Core.Strapi, file: string, mimetype: string): Promise<number> {
  const upload = strapi.plugin("upload").service("upload")
  const [stored] = await upload.upload({
    data: {},
    files: { filepath: file, originalFilename: path.basename(file), mimetype, size: fs.statSync(file).size },
  })
  return stored.id as number
}

/**
 * Each picture once: fetched from the catalogue's origin (a path is relative
 * to it, as in the contract) and uploaded into the media library, so the
 * entities can name it by id.
 */
export async function uploadPictures(strapi: Core.Strapi, apiUrl: string, paths: string[]): Promise<PictureIds> {
  const ids: PictureIds = new Map()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-seed-"))
  try {
    const queue = paths.map((picturePath, index) => ({ picturePath, index }))
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        // Its own folder: two pictures of one name from different places both keep it.
        const file = path.join(dir, String(next.index), fileName(next.picturePath))
        fs.mkdirSync(path.dirname(file))
        const mimetype = await download(new URL(next.picturePath, apiUrl).toString(), file)
        ids.set(next.picturePath, await store(strapi, file, mimetype))
      }
    }
    await Promise.all(Array.from({ length: AT_ONCE }, worker))
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
  return ids
}
