import { randomBytes } from "node:crypto"
import fs from "node:fs"
import { ANSWERS } from "../../../contract/schemas"
import { contentManager, link, type ContentManager } from "../helpers/content-manager"
import { compileStrapi, makeWorkspace, signIn, startStrapi, type StrapiServer, type StrapiWorkspace } from "../helpers/strapi-server"

// The catalogue's endpoints of the Strapi integration (all of
// catalogue-api.md but /changes, which changes-and-webhooks.test.ts covers)
// on a real Strapi, its content made as an editor makes it, through the
// admin panel's content-manager routes: what visitors and the live build
// read (the published view), what the preview build reads (the draft view,
// with preview=1 and the token), search and the subscribe form.

const PREVIEW_TOKEN = `preview-${randomBytes(12).toString("hex")}`
const SITE = "https://www.example.com"
const T = {
  category: "api::category.category",
  subcategory: "api::sub-category.sub-category",
  series: "api::series.series",
  episode: "api::episode.episode",
  featured: "api::featured-item.featured-item",
} as const
/** A 1×1 PNG: a picture an editor uploads. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64")

let workspace: StrapiWorkspace
let strapi: StrapiServer
let editor: ContentManager
let token = ""

beforeAll(async () => {
  await compileStrapi()
  workspace = await makeWorkspace("strapi-catalogue-")
  strapi = await startStrapi(workspace, { CATALOGUE_PREVIEW_TOKEN: PREVIEW_TOKEN, SITE_URL: SITE })
  token = await signIn(strapi.origin)
  editor = contentManager(strapi.origin, () => token)
}, 300_000)

afterAll(async () => {
  await strapi?.stop()
  if (workspace) fs.rmSync(workspace.dir, { recursive: true, force: true })
}, 30_000)

type Json = any // eslint-disable-line @typescript-eslint/no-explicit-any -- any JSON the endpoints answer

/** GET an API path: the published view, or the draft view with the preview token (`"draft"`) or a token of the test's choosing. */
async function api(path: string, view: "published" | "draft" | { preview: true; token?: string } = "published") {
  const preview = view !== "published"
  const bearer = view === "draft" ? PREVIEW_TOKEN : typeof view === "object" ? view.token : undefined
  const url = `${strapi.origin}/api${path}${preview ? `${path.includes("?") ? "&" : "?"}preview=1` : ""}`
  const response = await fetch(url, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} })
  return { status: response.status, headers: response.headers, json: (await response.json().catch(() => undefined)) as Json }
}

/** A collection-type document made and published as an editor does; its documentId. */
async function published(uid: string, data: Record<string, unknown>): Promise<string> {
  const id = await editor.create(uid, data)
  await editor.publish(uid, id)
  return id
}

async function upload(): Promise<{ id: number; url: string }> {
  const form = new FormData()
  form.append("files", new Blob([PNG], { type: "image/png" }), "dot.png")
  form.append("fileInfo", JSON.stringify({ alternativeText: "A pink dot" }))
  const response = await fetch(`${strapi.origin}/upload`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form })
  if (!response.ok) throw new Error(`POST /upload answered ${response.status}: ${await response.text()}`)
  const [file] = (await response.json()) as { id: number; url: string }[]
  return file!
}

/** A published category › subcategory › series › two published episodes, the first with a picture and SEO. */
async function publishedCatalogue(word: string) {
  const picture = await upload()
  const category = await published(T.category, {
    title: `Fitness ${word}`,
    description: "Our **fitness** library",
    images: [picture.id],
    seo: { title: `Train ${word}`, image: picture.id, noindex: false },
  })
  const subcategory = await published(T.subcategory, { title: `HIIT ${word}`, short_desc: "Fast.", category: link([category]) })
  const series = await published(T.series, { title: `Challenge ${word}`, description: "A *month*.", tags: [{ title: "Advanced" }], sub_category: link([subcategory]) })
  const first = await published(T.episode, { title: `Day 1 ${word}`, episode: 1, video_path: "76979871", video_id: "76979871", series: link([series]) })
  const second = await published(T.episode, { title: `Day 2 ${word}`, episode: 2, video_path: "76979872", series: link([series]) })
  return { picture, category, subcategory, series, episodes: [first, second] }
}

const word = () => `w${randomBytes(4).toString("hex")}`

describe("Strapi's catalogue endpoints", () => {
  it("serve a published catalogue in the contract's shapes, ids the documentIds, descriptions as HTML, pictures as uploads", async () => {
    const w = word()
    const made = await publishedCatalogue(w)
    const category = await api(`/categories/${made.category}`)
    expect(ANSWERS.category.safeParse(category.json).success).toBe(true)
    expect(category.json.data).toMatchObject({
      id: made.category,
      title: `Fitness ${w}`,
      description: "<p>Our <strong>fitness</strong> library</p>",
      images: [{ path: made.picture.url }],
      seo: { title: `Train ${w}`, image: { path: made.picture.url, alt: "A pink dot" } },
      sub_categories: [{ id: made.subcategory, category_id: made.category, title: `HIIT ${w}` }],
    })
    expect(category.json.data.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(category.json.data.sub_categories[0]).not.toHaveProperty("series")
    expect((await fetch(`${strapi.origin}${made.picture.url}`)).headers.get("content-type")).toBe("image/png")

    const subcategory = await api(`/sub-categories/${made.subcategory}`)
    expect(ANSWERS.subcategory.safeParse(subcategory.json).success).toBe(true)
    expect(subcategory.json.data.series).toMatchObject([{ id: made.series, description: "<p>A <em>month</em>.</p>", tags: [{ title: "Advanced" }] }])
    expect((await api(`/series/${made.series}`)).json.data).toMatchObject({ id: made.series, title: `Challenge ${w}` })

    const episodes = await api(`/series/${made.series}/episodes`)
    expect(ANSWERS.seriesEpisodes.safeParse(episodes.json).success).toBe(true)
    expect(episodes.json.data.map((episode: Json) => episode.id)).toEqual(made.episodes)
    const episode = (await api(`/episodes/${made.episodes[0]}`)).json.data
    expect(episode).toMatchObject({ path: "76979871", video_id: "76979871", series_id: made.series, sub_category_id: made.subcategory, episode: 1 })
    expect(episode).not.toHaveProperty("draft")
    expect((await api("/categories")).json.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: made.category })]))
  }, 120_000)

  it("count each category's published episodes, a draft-only one aside", async () => {
    const w = word()
    const made = await publishedCatalogue(w)
    await editor.create(T.episode, { title: `Day 3 ${w}`, episode: 3, video_path: "76979873", series: link([made.series]) })
    const statistics = await api("/categories-states")
    expect(ANSWERS.categoryStatistics.safeParse(statistics.json).success).toBe(true)
    expect(statistics.json).toContainEqual({ title: `Fitness ${w}`, total_videos: 2 })
  }, 120_000)

  it("list featured items with their categories as { id, title }", async () => {
    const w = word()
    const category = await published(T.category, { title: `Dance ${w}` })
    const featured = await published(T.featured, { title: `Get entertained ${w}`, position: 3, categories: link([category]) })
    const answer = await api("/featured-collections")
    expect(ANSWERS.featuredCollections.safeParse(answer.json).success).toBe(true)
    expect(answer.json.data).toContainEqual(expect.objectContaining({ id: featured, position: 3, category: [{ id: category, title: `Dance ${w}` }] }))
  }, 60_000)

  it("show the preview build the drafts, flagged, and everyone else what is published", async () => {
    const w = word()
    const made = await publishedCatalogue(w)
    await editor.save(T.episode, made.episodes[1]!, { title: `Day 2 edited ${w}` })
    const draftOnly = await editor.create(T.episode, { title: `Day 3 ${w}`, episode: 3, video_path: "76979873", series: link([made.series]) })

    const live = await api(`/series/${made.series}/episodes`)
    expect(live.json.data.map((episode: Json) => [episode.title, episode.draft])).toEqual([
      [`Day 1 ${w}`, undefined],
      [`Day 2 ${w}`, undefined],
    ])
    expect((await api(`/episodes/${draftOnly}`)).status).toBe(404)

    const preview = await api(`/series/${made.series}/episodes`, "draft")
    expect(ANSWERS.seriesEpisodes.safeParse(preview.json).success).toBe(true)
    expect(preview.headers.get("cache-control")).toBe("private, no-store")
    expect(preview.json.data.map((episode: Json) => [episode.id, episode.title, episode.draft])).toEqual([
      [made.episodes[0], `Day 1 ${w}`, false],
      [made.episodes[1], `Day 2 edited ${w}`, true],
      [draftOnly, `Day 3 ${w}`, true],
    ])
    expect((await api(`/categories/${made.category}`, "draft")).json.data).toMatchObject({ draft: false, sub_categories: [{ draft: false }] })

    await editor.publish(T.episode, made.episodes[1]!)
    expect((await api(`/episodes/${made.episodes[1]}`, "draft")).json.data).toMatchObject({ title: `Day 2 edited ${w}`, draft: false })
    expect((await api(`/episodes/${made.episodes[1]}`)).json.data.title).toBe(`Day 2 edited ${w}`)
  }, 120_000)

  it("answer preview=1 without the token, or with a wrong one, with 401 { message }", async () => {
    for (const view of [{ preview: true as const }, { preview: true as const, token: `wrong-${PREVIEW_TOKEN}` }]) {
      for (const path of ["/categories", "/categories-states", "/site-settings"]) {
        const answer = await api(path, view)
        expect({ path, status: answer.status, message: typeof answer.json?.message }).toEqual({ path, status: 401, message: "string" })
      }
    }
  }, 30_000)

  it("answer an id that names nothing, in either view, with 404 { message }", async () => {
    for (const path of [
      "/categories/nothing-here",
      "/sub-categories/nothing-here",
      "/series/nothing-here",
      "/series/nothing-here/episodes",
      "/episodes/nothing-here",
      "/episodes/..%2Fcategories",
    ]) {
      for (const view of ["published", "draft"] as const) {
        const answer = await api(path, view)
        expect({ path, view, status: answer.status, message: typeof answer.json?.message }).toEqual({ path, view, status: 404, message: "string" })
      }
    }
  }, 30_000)

  it("find published series by every word of the query, case and accents aside, grouped by category; never a draft", async () => {
    const w = word()
    const made = await publishedCatalogue(w)
    await editor.save(T.series, made.series, { title: `Challenge ${w} secretdraft${w}` })
    const found = await api(`/search?q=${encodeURIComponent(`CHALLENGÉ ${w}`)}`)
    expect(ANSWERS.search.safeParse(found.json).success).toBe(true)
    const group = found.json.data.find((entry: Json) => entry.id === made.category)
    expect(group).toEqual({ id: made.category, title: `Fitness ${w}`, series: [{ id: made.series, title: `Challenge ${w}`, description: "<p>A <em>month</em>.</p>", images: [] }] })
    expect(found.json.data.every((entry: Json) => entry.id === made.category || entry.series.every((series: Json) => series.id !== made.series))).toBe(true)
    expect((await api(`/search?q=${w}%20nosuchword`)).json).toEqual({ data: [] })
    expect((await api(`/search?q=secretdraft${w}`)).json).toEqual({ data: [] })
    expect((await api(`/search?q=secretdraft${w}`, "draft")).json).toEqual({ data: [] })
  }, 120_000)

  it("serve the site settings in the contract's shape, 404 before there are any, and flag their draft", async () => {
    expect((await api("/site-settings")).status).toBe(404)
    const picture = await upload()
    const singleType = (method: string, route: string, body: unknown) =>
      fetch(`${strapi.origin}/content-manager/single-types/api::site-setting.site-setting${route}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then((response) => expect(response.status).toBe(200))
    await singleType("PUT", "", {
      site_name: "MoveFlix",
      title_template: "%s | MoveFlix",
      organization_name: "MoveFlix",
      organization_logo: picture.id,
      organization_same_as: ["https://x.com/moveflix"],
      allow_indexing: false,
    })
    await singleType("POST", "/actions/publish", {})
    const settings = await api("/site-settings")
    expect(ANSWERS.siteSettings.safeParse(settings.json).success).toBe(true)
    expect(settings.json.data).toEqual({
      site_name: "MoveFlix",
      title_template: "%s | MoveFlix",
      default_description: null,
      default_image: null,
      twitter_site: null,
      organization: { name: "MoveFlix", logo: { path: picture.url }, same_as: ["https://x.com/moveflix"] },
      allow_indexing: false,
    })
    await singleType("PUT", "", { site_name: "MoveFlix Next" })
    expect((await api("/site-settings", "draft")).json.data).toMatchObject({ site_name: "MoveFlix Next", draft: true })
    expect((await api("/site-settings")).json.data.site_name).toBe("MoveFlix")
  }, 60_000)

  it("subscribe an address and answer it again as a new one whatever its case, answering the site's pages (CORS) and refusing what is not one", async () => {
    const address = `${word()}@example.com`
    const subscribe = (body: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
      fetch(`${strapi.origin}/api/subscribe`, { method: "POST", headers: { origin: SITE, ...headers }, body }).then(async (response) => ({
        status: response.status,
        allowed: response.headers.get("access-control-allow-origin"),
        json: (await response.json()) as Json,
      }))
    expect(await subscribe(JSON.stringify({ email: ` ${address} ` }))).toEqual({ status: 200, allowed: SITE, json: { success: true, message: expect.any(String) } })
    // Already on the list: answered as a new address, so no one can test who is subscribed (subscribe-form.test.ts: stored once).
    expect(await subscribe(JSON.stringify({ email: address.toUpperCase() }))).toEqual({
      status: 200,
      allowed: SITE,
      json: { success: true, message: "Thank you for subscribing!" },
    })
    for (const body of [JSON.stringify({ email: "not-an-address" }), JSON.stringify({ email: 7 }), "{not json", JSON.stringify({ email: `${"a".repeat(5000)}@example.com` })]) {
      const refused = await subscribe(body)
      expect({ body: body.slice(0, 30), status: refused.status >= 400 && refused.status < 500, message: typeof refused.json.message }).toEqual({
        body: body.slice(0, 30),
        status: true,
        message: "string",
      })
    }
    const preflight = await fetch(`${strapi.origin}/api/subscribe`, {
      method: "OPTIONS",
      headers: { origin: SITE, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-origin")).toBe(SITE)
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type")
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull()
    const foreign = await fetch(`${strapi.origin}/api/search?q=x`, { headers: { origin: "https://elsewhere.example" } })
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull()
    const build = await fetch(`${strapi.origin}/api/categories`, { headers: { origin: SITE } })
    expect(build.headers.get("access-control-allow-origin")).toBeNull()
  }, 60_000)
})
