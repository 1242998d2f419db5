import { randomBytes } from "node:crypto"
import fs from "node:fs"
import { CONTENT_TYPE_LABELS, COMPONENT_LABELS } from "../../integrations/strapi/src/catalogue/admin-labels/labels"
import { strapiDefaultList, withLabels, type FieldMetadata, type ViewConfiguration } from "../../integrations/strapi/src/catalogue/admin-labels/merge"
import { contentManager, type ContentManager } from "./helpers/content-manager"
import { compileStrapi, makeWorkspace, signIn, startStrapi, type StrapiServer, type StrapiWorkspace } from "./helpers/strapi-server"

// What an editor meets in Strapi's admin (integrations/strapi/src/catalogue/admin-labels
// and preview): every field of the catalogue's forms labelled and described,
// the lists' columns chosen, an admin's own changes to them kept across
// restarts; and the Preview's Published tab, which has a page only while the
// entry's draft is what is published.

const EPISODE = "api::episode.episode"

/** A view's entry for a field, or the test fails naming the field. */
function field(view: ViewConfiguration, name: string): FieldMetadata {
  const metadata = view.metadatas[name]
  if (!metadata) throw new Error(`the view has no field ${name}: ${Object.keys(view.metadatas).join(", ")}`)
  return metadata
}

/** A view as Strapi makes it for a new type: every label the field's name, no descriptions. */
function strapiView(fields: string[], list: string[]): ViewConfiguration {
  const metadatas = Object.fromEntries(
    fields.map((field) => [
      field,
      { edit: { label: field, description: "", placeholder: "", visible: true, editable: true }, list: { label: field, searchable: true, sortable: true } },
    ]),
  )
  return { settings: { mainField: "title" }, metadatas, layouts: { list, edit: [[{ name: fields[0], size: 6 }]] } }
}

describe("the catalogue's labels over a view's configuration", () => {
  const labels = CONTENT_TYPE_LABELS[EPISODE] ?? { fields: {} }
  const fields = ["id", "title", "episode", "video_path", "video_id", "description", "images", "series", "seo", "createdAt", "updatedAt", "documentId"]
  const strapiList = ["id", "title", "episode", "video_path"]

  it("labels and describes every field Strapi left as it made it, and sets the list's columns, title first", () => {
    const next = withLabels(strapiView(fields, strapiList), labels, undefined, strapiList)!
    expect(field(next, "video_path").edit).toMatchObject({ label: "Video id on the video host", description: expect.stringContaining("Vimeo"), visible: true })
    expect(field(next, "title").edit.label).toBe("Title")
    expect(field(next, "seo").edit.label).toBe("Search and sharing")
    expect(next.layouts.list[0]).toBe("title")
    expect(next.layouts.list).toEqual(labels.list)
    expect(next.layouts.edit).toEqual([[{ name: "id", size: 6 }]])
    // Once applied, applying again changes nothing.
    expect(withLabels(next, labels, labels, strapiList)).toBeUndefined()
  })

  it("keeps a label, a description and a list an admin set, and updates what it set itself earlier", () => {
    const view = strapiView(fields, ["title", "video_id"])
    field(view, "title").edit.label = "Episode title"
    field(view, "video_id").edit.description = "Our archive's number"
    field(view, "video_path").edit.label = "Video"
    const earlier = { fields: { ...labels.fields, video_path: { label: "Video", description: "" } }, list: ["title"] }
    const next = withLabels(view, labels, earlier, strapiList)!
    expect(field(next, "title").edit.label).toBe("Episode title")
    expect(field(next, "video_id").edit).toMatchObject({ label: "Host's own reference", description: "Our archive's number" })
    expect(field(next, "video_path").edit.label).toBe("Video id on the video host")
    expect(next.layouts.list).toEqual(["title", "video_id"])
  })

  it("leaves out fields the type no longer has", () => {
    const next = withLabels(strapiView(["id", "title"], ["id", "title"]), labels, undefined, ["id", "title"])!
    expect(Object.keys(next.metadatas)).toEqual(["id", "title"])
    expect(next.layouts.list).toEqual(["title"])
  })

  it("knows Strapi's default list: the first four listable attributes, documentId and Markdown left out", () => {
    expect(
      strapiDefaultList({
        id: { type: "integer" },
        description: { type: "richtext" },
        title: { type: "string" },
        series: { type: "relation", relationType: "manyToOne" },
        seo: { type: "component" },
        images: { type: "media" },
        documentId: { type: "string" },
      }),
    ).toEqual(["id", "title", "series", "seo"])
  })

  it("gives every field of the catalogue's content types and components a label, and a description to each it shows in a form", () => {
    const unnamed = Object.entries({ ...CONTENT_TYPE_LABELS, ...COMPONENT_LABELS }).flatMap(([uid, view]) =>
      Object.entries(view.fields)
        .filter(([field, text]) => !text.label || (!["createdAt", "updatedAt"].includes(field) && !text.description))
        .map(([field]) => `${uid}.${field}`),
    )
    expect(unnamed).toEqual([])
  })
})

describe("a Strapi of its own", () => {
  const handOffSecret = randomBytes(24).toString("base64url")
  let workspace: StrapiWorkspace
  let strapi: StrapiServer
  let token = ""
  let editor: ContentManager
  const env = () => ({ CATALOGUE_PREVIEW_TOKEN: "preview-token-for-admin-views", PREVIEW_SITE_URL: "http://localhost:9001", PREVIEW_HANDOFF_SECRET: handOffSecret })

  /** A call of the admin panel's own (@strapi/content-manager's admin routes). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON Strapi answers
  async function admin(method: string, route: string, body?: unknown): Promise<{ status: number; json: any }> {
    const response = await fetch(`${strapi.origin}/content-manager/${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, json: response.status === 204 ? undefined : await response.json() }
  }

  /** The edit and list views as the admin panel reads them: the content type's and its components'. */
  async function views(uid: string) {
    const answer = await admin("GET", `content-types/${uid}/configuration`)
    expect(answer.status).toBe(200)
    return answer.json.data as { contentType: ViewConfiguration; components: Record<string, ViewConfiguration> }
  }

  beforeAll(async () => {
    await compileStrapi()
    workspace = await makeWorkspace("strapi-admin-views-")
    strapi = await startStrapi(workspace, env())
    token = await signIn(strapi.origin)
    editor = contentManager(strapi.origin, () => token)
  }, 300_000)

  afterAll(async () => {
    await strapi?.stop()
    if (workspace) fs.rmSync(workspace.dir, { recursive: true, force: true })
  }, 30_000)

  it("shows an episode's fields by their labels (its SEO title apart from its title), its list title first; an admin's own label stays after a restart", async () => {
    const episode = await views(EPISODE)
    expect(field(episode.contentType, "title").edit.label).toBe("Title")
    expect(field(episode.contentType, "video_path").edit).toMatchObject({ label: "Video id on the video host", description: expect.stringContaining("player") })
    expect(field(episode.contentType, "seo").edit.label).toBe("Search and sharing")
    const seo = episode.components["catalogue.seo"]
    expect(seo && field(seo, "title").edit).toMatchObject({ label: "Search and share title", description: expect.stringContaining("60 characters") })
    expect(episode.contentType.layouts.list).toEqual(["title", "series", "episode"])
    expect(field(episode.contentType, "episode").list.label).toBe("No.")

    // The admin's "Configure the view" saves the whole configuration, without the relations' main fields the GET adds to their columns.
    const { settings, layouts } = episode.contentType
    const metadatas = Object.fromEntries(
      Object.entries(episode.contentType.metadatas).map(
        ([
          name,
          {
            edit,
            list: { mainField, ...list },
          },
        ]) => [name, { edit, list }],
      ),
    )
    const configured = { settings, metadatas, layouts: { ...layouts, list: ["title", "episode"] } }
    field(configured, "title").edit.label = "Name of the episode"
    const saved = await admin("PUT", `content-types/${EPISODE}/configuration`, configured)
    if (saved.status !== 200) throw new Error(JSON.stringify(saved.json))

    await strapi.stop()
    strapi = await startStrapi(workspace, env())
    const after = await views(EPISODE)
    expect(field(after.contentType, "title").edit.label).toBe("Name of the episode")
    expect(after.contentType.layouts.list).toEqual(["title", "episode"])
    expect(field(after.contentType, "video_path").edit.label).toBe("Video id on the video host")
  }, 180_000)

  it("opens the preview for the Published tab while the episode's draft is what is published, and none once it has unpublished changes", async () => {
    const previewOf = async (documentId: string, status: string) => {
      const answer = await admin("GET", `preview/url/${EPISODE}?${new URLSearchParams({ documentId, status })}`)
      return answer.status === 204 ? null : (answer.json.data.url as string)
    }
    const id = await editor.create(EPISODE, { title: "Previewed", episode: 1, video_path: "76979871" })
    expect(await previewOf(id, "draft")).toMatch(/^http:\/\/localhost:9001\/_preview\/hand-off\?ticket=/)
    expect(await previewOf(id, "published")).toBeNull()
    await editor.publish(EPISODE, id)
    expect(await previewOf(id, "published")).toMatch(/^http:\/\/localhost:9001\/_preview\/hand-off\?ticket=/)
    await editor.save(EPISODE, id, { title: "Previewed, changed" })
    expect(await previewOf(id, "modified")).toMatch(/^http:\/\/localhost:9001\/_preview\/hand-off\?ticket=/)
    expect(await previewOf(id, "published")).toBeNull()
  }, 60_000)
})
