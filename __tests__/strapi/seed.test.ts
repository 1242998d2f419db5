import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { freePort, stopProcess } from "../../node-kit/process/processes"
import { SHARED_DRAWINGS_DIR, startReferenceServer, type ReferenceServer } from "../../scripts/lib/reference-server"
import { startStrapi, type SeededStrapi } from "../helpers/strapi"

// The seeded Strapi serves the reference server's sample catalogue: the same
// ids (as documentIds), titles, order, texts and pictures, read as a build
// reads them, through the contract's endpoints of each.

let strapi: SeededStrapi
let reference: ReferenceServer
let referenceData: string

beforeAll(async () => {
  referenceData = fs.mkdtempSync(path.join(os.tmpdir(), "strapi-seed-reference-"))
  reference = await startReferenceServer({ port: await freePort(), dataDir: referenceData, drawingsDir: SHARED_DRAWINGS_DIR, stdio: "ignore" })
  // The first Strapi of a run may install, build and seed first (minutes in CI); later ones start in seconds.
  strapi = await startStrapi()
}, 15 * 60_000)

afterAll(async () => {
  await strapi?.stop()
  if (reference) await stopProcess(reference.child)
  fs.rmSync(referenceData, { recursive: true, force: true })
})

async function read<T>(apiUrl: string, endpoint: string): Promise<T> {
  const response = await fetch(`${apiUrl}${endpoint}`)
  if (!response.ok) throw new Error(`GET ${apiUrl}${endpoint} answered ${response.status}`)
  return ((await response.json()) as { data: T }).data
}

interface Entity {
  id: string | number
  title: string
  description?: string | null
  images: { path: string }[]
}

/** An entity as both backends should serve it: ids as the strings the site uses, HTML as a browser reads it. */
const comparable = ({ id, title }: Entity) => ({ id: String(id), title })
const sameHtml = (html: string | null | undefined) => (html ?? "").replace(/&amp;/g, "&").replace(/>\s+</g, "><").trim()

describe("a Strapi seeded from the reference server's sample", () => {
  it("lists the sample's categories, with the same ids and titles, in the same order", async () => {
    const [fromStrapi, fromReference] = await Promise.all([read<Entity[]>(strapi.apiUrl, "/categories"), read<Entity[]>(reference.buildEnv.CATALOGUE_API_URL!, "/categories")])
    expect(fromReference.length).toBeGreaterThan(0)
    expect(fromStrapi.map(comparable)).toEqual(fromReference.map(comparable))
  })

  it("serves an episode with the same title, video, series and description, its picture the same bytes", async () => {
    const [fromStrapi, fromReference] = await Promise.all([
      read<Entity & { path: string; series_id: string | number; episode: number }>(strapi.apiUrl, "/episodes/1002"),
      read<Entity & { path: string; series_id: string | number; episode: number }>(reference.buildEnv.CATALOGUE_API_URL!, "/episodes/1002"),
    ])
    expect({ ...comparable(fromStrapi), path: fromStrapi.path, series_id: String(fromStrapi.series_id), episode: fromStrapi.episode }).toEqual({
      ...comparable(fromReference),
      path: fromReference.path,
      series_id: String(fromReference.series_id),
      episode: fromReference.episode,
    })
    expect(sameHtml(fromStrapi.description)).toBe(sameHtml(fromReference.description))
    const picture = async (origin: string, image: { path: string } | undefined) => {
      const response = await fetch(new URL(image!.path, origin))
      expect(response.headers.get("content-type")).toMatch(/^image\/jpeg/)
      return Buffer.from(await response.arrayBuffer())
    }
    const [strapiPicture, referencePicture] = await Promise.all([picture(strapi.origin, fromStrapi.images[0]), picture(reference.origin, fromReference.images[0])])
    expect(strapiPicture.equals(referencePicture)).toBe(true)
  })

  it("lets its first admin sign in with the password it was made with", async () => {
    const response = await fetch(`${strapi.origin}/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: strapi.adminEmail, password: strapi.adminPassword }),
    })
    expect(response.status).toBe(200)
    const wrong = await fetch(`${strapi.origin}/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: strapi.adminEmail, password: `${strapi.adminPassword}x` }),
    })
    expect(wrong.status).toBe(400)
  })
})
