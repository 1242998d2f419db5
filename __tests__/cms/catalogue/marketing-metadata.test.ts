import Database from "better-sqlite3"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { z } from "zod/mini"
import { ANSWERS, type ApiSeo } from "../../../contract/schemas"
import { CatalogueReads } from "../../../cms/src/catalogue/database/reads"
import { writeCatalogue } from "../../../cms/src/catalogue/database/writes"
import { openDatabase } from "../../../cms/src/catalogue/database/database"
import { generateCatalogue } from "../../../cms/src/generate/generate"
import { FIRST_ID } from "../../../cms/src/catalogue/ids"
import { readSiteSettings } from "../../../cms/src/catalogue/site-settings"
import { seedIfEmpty } from "../../../cms/src/seed/seed"
import { expectContract } from "../helpers/contract"
import { expectJpeg } from "../helpers/jpeg"
import { startTestServer, type TestServer } from "../helpers/test-server"

// catalogue-api.md, "Marketing metadata": `seo` on every entity and GET /site-settings,
// as the reference server stores, serves and lets editors change them.

let server: TestServer

// A fresh sample catalogue for each test: the editors' changes below would otherwise decide
// what the reading tests find, by the order the tests run in.
beforeEach(async () => {
  server = await startTestServer()
})

afterEach(async () => {
  await server.destroy()
})

const TABLES = ["categories", "sub_categories", "series", "episodes", "featured_items"] as const

/** The id of the sample entity titled `title`, so the tests do not depend on the seed's numbering. */
function idOf(table: (typeof TABLES)[number], title: string): number {
  const row = server.db.prepare(`SELECT id FROM ${table} WHERE title = ?`).get(title) as { id: number } | undefined
  if (!row) throw new Error(`the sample catalogue has no ${table} titled ${title}`)
  return row.id
}

const updatedAt = (table: (typeof TABLES)[number], id: number) => (server.db.prepare(`SELECT updated_at FROM ${table} WHERE id = ?`).get(id) as { updated_at: string }).updated_at

const siteSettingsUpdatedAt = () => (server.db.prepare("SELECT updated_at FROM site_settings").get() as { updated_at: string }).updated_at

/** Lets the clock move, so a bumped updated_at is later than the one before. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

/** The `data` of a 200 answer, once the whole answer has parsed with its contract schema. */
async function data<T>(url: string, schema: z.ZodMiniType<{ data: unknown }>): Promise<T> {
  const { status, body } = await server.call(url)
  expect(status).toBe(200)
  expectContract(schema, body)
  return body.data as T
}

type WithSeo = { id: number; title: string; seo?: ApiSeo }
const byId = <T extends { id: number }>(list: T[], id: number): T => {
  const found = list.find((item) => item.id === id)
  if (!found) throw new Error(`no ${id} in the list`)
  return found
}

async function expectImage(imagePath: string) {
  await expectJpeg(await fetch(`${server.origin}${imagePath}`))
}

describe("seo in the sample catalogue", () => {
  it("a category with a seo title and description, in the list and the detail", async () => {
    const id = idOf("categories", "Wellness")
    const listed = byId(await data<WithSeo[]>("/api/categories", ANSWERS.categories), id)
    const detail = await data<WithSeo>(`/api/categories/${id}`, ANSWERS.category)
    expect(listed.seo).toEqual({ title: expect.any(String), description: expect.any(String) })
    expect(detail.seo).toEqual(listed.seo)
  })

  it("a series that asks not to be indexed, in its subcategory's list and its detail", async () => {
    const id = idOf("series", "Move or Lose")
    const sub = await data<{ series: WithSeo[] }>(`/api/sub-categories/${idOf("sub_categories", "Game Nights")}`, ANSWERS.subcategory)
    expect(byId(sub.series, id).seo).toEqual({ noindex: true })
    expect((await data<WithSeo>(`/api/series/${id}`, ANSWERS.series)).seo).toEqual({ noindex: true })
  })

  it("an episode with a seo title, description and an existing picture with alt text", async () => {
    const id = idOf("episodes", "Five-Minute Calm: Warm-Up and Basics")
    const seriesId = idOf("series", "Five-Minute Calm")
    const episode = await data<WithSeo>(`/api/episodes/${id}`, ANSWERS.episode)
    expect(episode.seo).toEqual({
      title: expect.any(String),
      description: expect.any(String),
      image: { path: `/media/series-${seriesId}.jpg`, alt: expect.stringMatching(/\w/) },
    })
    expect(byId(await data<WithSeo[]>(`/api/series/${seriesId}/episodes`, ANSWERS.seriesEpisodes), id).seo).toEqual(episode.seo)
    await expectImage(episode.seo!.image!.path!)
  })

  it("leaves seo out of entities without any", async () => {
    const fitness = await data<WithSeo & { sub_categories: WithSeo[] }>(`/api/categories/${idOf("categories", "Fitness")}`, ANSWERS.category)
    expect(fitness).not.toHaveProperty("seo")
    for (const sub of fitness.sub_categories) expect(sub).not.toHaveProperty("seo")
    const features = await data<WithSeo[]>("/api/featured-collections", ANSWERS.featuredCollections)
    for (const feature of features) expect(feature).not.toHaveProperty("seo")
  })

  it("keeps every seo title within 60 characters and every description within 70-160", () => {
    const seos = TABLES.flatMap((table) =>
      (server.db.prepare(`SELECT seo FROM ${table} WHERE seo IS NOT NULL`).all() as { seo: string }[]).map((row) => JSON.parse(row.seo) as ApiSeo),
    )
    expect(seos).toHaveLength(3)
    for (const seo of seos) {
      if (seo.title != null) expect(seo.title.length).toBeLessThanOrEqual(60)
      if (seo.description != null) expect(seo.description.length).toBeGreaterThanOrEqual(70)
      if (seo.description != null) expect(seo.description.length).toBeLessThanOrEqual(160)
      expect(seo.canonical_url).toBeUndefined()
    }
  })
})

describe("PATCH /admin/{collection}/{id} with seo", () => {
  const seo = {
    title: "Strength Foundations: Lift Better at Home",
    description: "Learn to squat, hinge and press with dumbbells or body weight in coach-led classes built for small spaces and busy weeks.",
    image: { path: "/media/subcategory-12.jpg", alt: "Abstract artwork" },
    canonical_url: "https://moveflix.example/subcategory/12",
    noindex: false,
  }

  it("reaches every entity type wherever it is served, and each answer keeps to the contract", async () => {
    const subId = idOf("sub_categories", "Strength Foundations")
    const categoryId = idOf("categories", "Fitness")
    const seriesId = idOf("series", "Kettlebell Basics")
    const episodeId = idOf("episodes", "Kettlebell Basics: Building the Base")
    const featuredId = idOf("featured_items", "Find Your Fitness Groove")
    for (const path of [`sub-categories/${subId}`, `series/${seriesId}`, `episodes/${episodeId}`, `featured-collections/${featuredId}`]) {
      const edit = await server.edit(path, { seo })
      expect(edit.status).toBe(200)
      expect(edit.body.data.seo).toEqual(seo)
    }
    const category = await data<{ sub_categories: WithSeo[] }>(`/api/categories/${categoryId}`, ANSWERS.category)
    expect(byId(category.sub_categories, subId).seo).toEqual(seo)
    const sub = await data<WithSeo & { series: WithSeo[] }>(`/api/sub-categories/${subId}`, ANSWERS.subcategory)
    expect(sub.seo).toEqual(seo)
    expect(byId(sub.series, seriesId).seo).toEqual(seo)
    expect((await data<WithSeo>(`/api/series/${seriesId}`, ANSWERS.series)).seo).toEqual(seo)
    expect(byId(await data<WithSeo[]>(`/api/series/${seriesId}/episodes`, ANSWERS.seriesEpisodes), episodeId).seo).toEqual(seo)
    expect((await data<WithSeo>(`/api/episodes/${episodeId}`, ANSWERS.episode)).seo).toEqual(seo)
    expect(byId(await data<WithSeo[]>("/api/featured-collections", ANSWERS.featuredCollections), featuredId).seo).toEqual(seo)
  })

  it("replaces seo whole and bumps updated_at; null clears it and the field goes", async () => {
    const id = idOf("categories", "Dance")
    const before = updatedAt("categories", id)
    await tick()
    expect((await server.edit(`categories/${id}`, { seo: { title: "Dance Classes Online" } })).status).toBe(200)
    const afterSet = updatedAt("categories", id)
    expect(Date.parse(afterSet)).toBeGreaterThan(Date.parse(before))
    await server.edit(`categories/${id}`, { seo: { noindex: true } })
    expect((await data<WithSeo>(`/api/categories/${id}`, ANSWERS.category)).seo).toEqual({ noindex: true })
    await tick()
    const cleared = await server.edit(`categories/${id}`, { seo: null })
    expect(cleared.status).toBe(200)
    expect(cleared.body.data).not.toHaveProperty("seo")
    expect(byId(await data<WithSeo[]>("/api/categories", ANSWERS.categories), id)).not.toHaveProperty("seo")
    expect(Date.parse(updatedAt("categories", id))).toBeGreaterThan(Date.parse(afterSet))
  })

  it("stores odd content as sent, for the site's build to defend against", async () => {
    const id = idOf("series", "Desk Reset")
    const odd = {
      title: '<script>alert("title")</script> Desk Reset',
      description: "x".repeat(5000),
      image: { path: "/media/not-an-image.txt", alt: "<b>bold</b>" },
      canonical_url: "javascript:alert(1)",
      noindex: false,
    }
    const edit = await server.edit(`series/${id}`, { seo: odd })
    expect(edit.status).toBe(200)
    expect((await data<WithSeo>(`/api/series/${id}`, ANSWERS.series)).seo).toEqual(odd)
    // Null fields are the contract's "missing", and stored as such too.
    await server.edit(`series/${id}`, { seo: { title: null, description: "", image: null } })
    expect((await data<WithSeo>(`/api/series/${id}`, ANSWERS.series)).seo).toEqual({ title: null, description: "", image: null })
  })

  it.each([
    [{ seo: { noindex: "yes" } }, '"seo.noindex" should be true or false, but it is the text "yes"'],
    [{ seo: "Great title" }, '"seo" should be an object, but it is the text "Great title"'],
    [{ seo: { image: { path: 5 } } }, '"seo.image.path" should be text, but it is the number 5'],
    [{ seo: { title: ["a"] } }, '"seo.title" should be text, but it is a list'],
    [{ seo: { titel: "Typo" } }, '"seo.titel" is not a field of the contract (docs/reference/catalogue-api.md)'],
    [{ seo: { image: { path: "/media/x.jpg", src: "/media/x.jpg" } } }, '"seo.image.src" is not a field of the contract (docs/reference/catalogue-api.md)'],
  ])("answers 400 naming the field for %j, changing nothing", async (body, message) => {
    const id = idOf("episodes", "Desk Reset: Warm-Up and Basics")
    const before = (await server.call(`/api/episodes/${id}`)).body.data
    const edit = await server.edit(`episodes/${id}`, body)
    expect(edit.status).toBe(400)
    expect(expectContract(ANSWERS.error, edit.body).message).toBe(message)
    expect((await server.call(`/api/episodes/${id}`)).body.data).toEqual(before)
  })
})

describe("GET /api/site-settings", () => {
  it("answers the sample settings, every field of catalogue-api.md filled, within the contract", async () => {
    const settings = (await data<Record<string, unknown>>("/api/site-settings", ANSWERS.siteSettings)) as {
      site_name: string
      title_template: string
      default_description: string
      default_image: { path: string; alt: string }
      twitter_site: string
      organization: { name: string; logo: { path: string }; same_as: string[] }
      allow_indexing: boolean
    }
    expect(Object.keys(settings).sort()).toEqual(["allow_indexing", "default_description", "default_image", "organization", "site_name", "title_template", "twitter_site"])
    expect(settings).toMatchObject({ site_name: "MoveFlix", title_template: "%s | MoveFlix", twitter_site: "@moveflix", allow_indexing: true })
    expect(settings.default_description.length).toBeGreaterThanOrEqual(70)
    expect(settings.default_description.length).toBeLessThanOrEqual(160)
    expect(settings.default_image.alt).toMatch(/\w/)
    expect(settings.organization.name).toBe("MoveFlix")
    expect(settings.organization.same_as.length).toBeGreaterThanOrEqual(1)
    expect(settings.organization.same_as.length).toBeLessThanOrEqual(2)
    for (const url of settings.organization.same_as) expect(url).toMatch(/^https:\/\//)
    await expectImage(settings.default_image.path)
    await expectImage(settings.organization.logo.path)
  })

  it("lets any origin read it, as the rest of the API", async () => {
    const answer = await server.call("/api/site-settings", { headers: { origin: "http://localhost:9000" } })
    expect(answer.headers.get("access-control-allow-origin")).toBe("*")
  })

  it("answers 404 with a message when the server is told to have none, as a backend without them", async () => {
    const bare = await startTestServer({ siteSettings: false })
    try {
      const answer = await bare.call("/api/site-settings")
      expect(answer.status).toBe(404)
      expect(expectContract(ANSWERS.error, answer.body).message).toMatch(/site settings/)
    } finally {
      await bare.destroy()
    }
  })

  it("answers 404 for a database that holds none", async () => {
    const other = await startTestServer()
    try {
      other.db.prepare("DELETE FROM site_settings").run()
      expect((await other.call("/api/site-settings")).status).toBe(404)
    } finally {
      await other.destroy()
    }
  })
})

describe("PATCH /admin/site-settings", () => {
  const patch = (body: unknown) =>
    server.admin("site-settings", {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })

  it("changes only the fields sent, bumps the settings' updated_at, and the API shows it", async () => {
    const before = await data<Record<string, unknown>>("/api/site-settings", ANSWERS.siteSettings)
    const stamp = siteSettingsUpdatedAt()
    await tick()
    const edit = await patch({ allow_indexing: false, twitter_site: null })
    expect(edit.status).toBe(200)
    const expected = { ...before, allow_indexing: false, twitter_site: null }
    expect(edit.body.data).toEqual(expected)
    expect(await data("/api/site-settings", ANSWERS.siteSettings)).toEqual(expected)
    expect(Date.parse(siteSettingsUpdatedAt())).toBeGreaterThan(Date.parse(stamp))
    // Nested objects are replaced whole.
    await patch({ organization: { name: "MoveFlix Ltd" } })
    expect((await data<{ organization: unknown }>("/api/site-settings", ANSWERS.siteSettings)).organization).toEqual({ name: "MoveFlix Ltd" })
  })

  it("stores odd content as sent", async () => {
    const odd = {
      site_name: "<img src=x onerror=alert(1)>",
      title_template: "no placeholder at all",
      default_description: "y".repeat(5000),
      default_image: { path: "javascript:alert(1)", alt: "" },
      organization: { name: "", logo: { path: "/media/readme.txt" }, same_as: ["not a url", "javascript:alert(2)"] },
    }
    expect((await patch(odd)).status).toBe(200)
    expect(await data("/api/site-settings", ANSWERS.siteSettings)).toMatchObject(odd)
  })

  it.each([
    [{ allow_indexing: "no" }, '"allow_indexing" should be true or false, but it is the text "no"'],
    [{ organization: { same_as: "https://x.com/moveflix" } }, '"organization.same_as" should be a list, but it is the text "https://x.com/moveflix"'],
    [{ default_image: { path: "/media/category-1.jpg", alt: 3 } }, '"default_image.alt" should be text, but it is the number 3'],
    [{ site_title: "MoveFlix" }, '"site_title" is not a field of the contract (docs/reference/catalogue-api.md)'],
    [{}, expect.stringContaining("at least one field")],
    [["site_name"], expect.stringContaining("JSON object")],
  ])("answers 400 naming the field for %j, changing nothing", async (body, message) => {
    const before = await data("/api/site-settings", ANSWERS.siteSettings)
    const stamp = siteSettingsUpdatedAt()
    const edit = await patch(body)
    expect(edit.status).toBe(400)
    expect(expectContract(ANSWERS.error, edit.body).message).toEqual(message)
    expect(await data("/api/site-settings", ANSWERS.siteSettings)).toEqual(before)
    expect(siteSettingsUpdatedAt()).toBe(stamp)
  })

  it("keeps the settings across a restart", async () => {
    await patch({ site_name: "MoveFlix Staging" })
    server = await server.restart()
    expect((await data<{ site_name: string }>("/api/site-settings", ANSWERS.siteSettings)).site_name).toBe("MoveFlix Staging")
  })
})

describe("storage", () => {
  const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "cms-seo-"))

  it("a database made before seo existed gains the column on open, and answers without seo", () => {
    const dir = tempDir()
    try {
      const file = path.join(dir, "catalogue.db")
      const old = new Database(file)
      old.exec("CREATE TABLE categories (id INTEGER PRIMARY KEY, title TEXT, images TEXT NOT NULL DEFAULT '[]', position INTEGER NOT NULL DEFAULT 0, updated_at TEXT NOT NULL)")
      old.prepare("INSERT INTO categories (id, title, updated_at) VALUES (1, 'Old', '2024-01-01T00:00:00.000Z')").run()
      old.close()
      const db = openDatabase(file)
      const columns = (db.pragma("table_info(categories)") as { name: string }[]).map((c) => c.name)
      expect(columns).toContain("seo")
      expect(new CatalogueReads(db).categories()[0]).not.toHaveProperty("seo")
      db.close()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("a generated catalogue is written without seo, and seeding then adds the sample site settings only", () => {
    const dir = tempDir()
    try {
      const db = openDatabase(path.join(dir, "catalogue.db"))
      writeCatalogue(db, generateCatalogue({ episodes: 40 }))
      expect(seedIfEmpty(db)).toBe(false)
      const reads = new CatalogueReads(db)
      expect(reads.categories().some((c) => "seo" in c)).toBe(false)
      expect(reads.seriesEpisodes(FIRST_ID.series)!.some((e) => "seo" in e)).toBe(false)
      expect(readSiteSettings(db)?.site_name).toBe("MoveFlix")
      db.close()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
