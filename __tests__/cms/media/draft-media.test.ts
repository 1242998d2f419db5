import { startTestServer, type TestServer } from "../helpers/test-server"

// A draft's pictures are the draft view's: catalogue-api.md's "Drafts and
// preview" keeps drafts behind CATALOGUE_PREVIEW_TOKEN, so /media serves a
// picture only drafts name to a request carrying that token (as the draft view
// takes it, Authorization: Bearer), and to no one else; without it, the same
// 404 as a name the catalogue does not use. Published pictures stay public.

const PREVIEW_TOKEN = "media-preview-token-0123456789"

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({}, { drafts: { previewToken: PREVIEW_TOKEN } })
})

afterAll(async () => {
  await server.destroy()
})

const draftsJson = (method: string, path: string, fields?: unknown) =>
  server.admin(`drafts/${path}`, fields === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(fields) })

/** A picture request; `token` as the preview lane's build sends it. */
const picture = (path: string, token?: string) => fetch(`${server.origin}${path}`, token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } })

/** Status and Cache-Control of a picture request, its body read (so no connection is left waiting). */
async function answer(path: string, token?: string) {
  const response = await picture(path, token)
  const bytes = Buffer.from(await response.arrayBuffer())
  return { status: response.status, cacheControl: response.headers.get("cache-control"), contentType: response.headers.get("content-type"), bytes }
}

describe("GET /media/{name} of a picture only drafts name", () => {
  it("answers a draft-only entity's picture with the preview token alone, private, and 404 as a missing one otherwise", async () => {
    const name = "series-770001.jpg"
    const created = await draftsJson("POST", "series", { sub_category_id: 13, title: "Draft With A Picture", images: [`/media/${name}`] })
    expect(created.status).toBe(201)

    const missing = await answer("/media/series-770999.jpg")
    for (const token of [undefined, "not-the-preview-token-00000", `${PREVIEW_TOKEN}x`]) {
      const refused = await answer(`/media/${name}`, token)
      expect(refused.status).toBe(404)
      // The same answer as a name no one uses: a draft's existence is not told.
      expect(JSON.parse(refused.bytes.toString()).message).toBe(JSON.parse(missing.bytes.toString()).message.replace("series-770999", "series-770001"))
      expect((await answer(`/media/${name}?w=320&fm=webp`, token)).status).toBe(404)
    }

    const shown = await answer(`/media/${name}`, PREVIEW_TOKEN)
    expect(shown.status).toBe(200)
    expect(shown.contentType).toBe("image/jpeg")
    expect(shown.cacheControl).toBe("private, no-store")
    const resized = await answer(`/media/${name}?w=320&fm=webp`, PREVIEW_TOKEN)
    expect([resized.status, resized.contentType, resized.cacheControl]).toEqual([200, "image/webp", "private, no-store"])
  })

  it("treats a picture a draft puts on a published entity the same, and leaves the published one public", async () => {
    const published = (JSON.parse((server.db.prepare("SELECT images FROM episodes WHERE id = 1003").get() as { images: string }).images) as string[])[0]!
    const drafted = "episode-771003.jpg"
    expect((await draftsJson("PATCH", "episodes/1003", { images: [`/media/${drafted}`] })).status).toBe(200)

    expect((await answer(`/media/${drafted}`)).status).toBe(404)
    expect((await answer(`/media/${drafted}`, PREVIEW_TOKEN)).cacheControl).toBe("private, no-store")
    // The published picture the draft replaces is still the live site's: public and cacheable for good, token or not.
    for (const token of [undefined, PREVIEW_TOKEN]) {
      const live = await answer(`${published}?w=320`, token)
      expect([live.status, live.cacheControl]).toEqual([200, "public, max-age=31536000, immutable"])
    }
  })

  it("serves the picture to everyone, cacheable, once its draft is published", async () => {
    const name = "category-772001.jpg"
    const created = await draftsJson("POST", "categories", { title: "Draft Category With A Picture", images: [`/media/${name}`] })
    expect((await answer(`/media/${name}`)).status).toBe(404)
    expect((await draftsJson("POST", `categories/${created.body.data.id}/publish`)).status).toBe(200)
    const shown = await answer(`/media/${name}`)
    expect([shown.status, shown.cacheControl]).toEqual([200, "public, max-age=31536000, immutable"])
  })
})

describe("GET /media/{name} when the draft view is off", () => {
  it("serves a draft-only picture to no one: without CATALOGUE_PREVIEW_TOKEN no token opens it", async () => {
    const closed = await startTestServer({}, { drafts: { previewToken: null } })
    try {
      const name = "series-773001.jpg"
      const created = await closed.admin("drafts/series", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sub_category_id: 13, title: "Unseen Draft", images: [`/media/${name}`] }),
      })
      expect(created.status).toBe(201)
      for (const headers of [{}, { authorization: "Bearer " }, { authorization: `Bearer ${PREVIEW_TOKEN}` }] as Record<string, string>[]) {
        const response = await fetch(`${closed.origin}/media/${name}`, { headers })
        await response.arrayBuffer()
        expect(response.status).toBe(404)
      }
    } finally {
      await closed.destroy()
    }
  })
})
