// Strapi's admin panel as an editor's clicks drive it, for a script: the
// sign-in, and the content manager's requests for Save, Publish and Delete
// on a document's edit view (@strapi/content-manager: its server's
// routes/admin.js, and what its admin's EditView sends). Save and Publish
// send the whole form, as the edit view holds it, with the editor's change.

type Json = Record<string, unknown>

interface Attribute {
  type: string
  repeatable?: boolean
  component?: string
}

interface Schema {
  uid: string
  attributes: Record<string, Attribute>
}

/** The fields the edit view leaves out of its form (the admin's DOCUMENT_META_FIELDS). */
const META_FIELDS = ["id", "createdBy", "updatedBy", "publishedBy", "createdAt", "updatedAt", "publishedAt"]

/** An admin JWT, as the admin panel's sign-in page gets one. POST /admin/login allows 5 tries per 5 minutes: sign in once. */
export async function signInToAdmin(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) })
  const json = (await response.json().catch(() => undefined)) as { data?: { token?: string } } | undefined
  if (!response.ok || !json?.data?.token) throw new Error(`Signing in to Strapi's admin at ${origin} as ${email} answered ${response.status}: ${JSON.stringify(json)}`)
  return json.data.token
}

/** A document's edit view, loaded: what its Save and Publish buttons send. */
export interface OpenDocument {
  /** The document's form, as the edit view holds it once loaded. */
  form: Json
  /** Save: PUT the form with `changes`. */
  save(changes: Json): Promise<void>
  /** Publish, with `changes` not saved first: the form and its changes in the publish action's body (the content manager saves and publishes in one transaction). */
  publish(changes: Json): Promise<void>
}

export interface EditView {
  /** The document's edit view, loaded as the admin panel loads it before the editor types. */
  open(documentId: string): Promise<OpenDocument>
  /** open(), then Save. */
  save(documentId: string, changes: Json): Promise<void>
  /** open(), then Publish. */
  publish(documentId: string, changes: Json): Promise<void>
  /** Delete (every version of the document). */
  remove(documentId: string): Promise<void>
}

/**
 * The edit view of a collection type `uid` (e.g. `api::episode.episode`),
 * signed in with `token`. The content types' schemas are read once, as the
 * admin reads them (GET /content-manager/init).
 */
export function editView(origin: string, token: string, uid: string): EditView {
  const call = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${origin}/content-manager/${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await response.json().catch(() => undefined)) as { data?: unknown } | undefined
    if (!response.ok) throw new Error(`${method} /content-manager/${route} answered ${response.status}: ${JSON.stringify(json)}`)
    return json?.data
  }
  let schemas: Promise<Map<string, Schema>> | undefined
  const schemasOnce = () =>
    (schemas ??= (async () => {
      const init = (await call("GET", "init")) as { contentTypes: Schema[]; components: Schema[] }
      return new Map([...init.contentTypes, ...init.components].map((schema) => [schema.uid, schema]))
    })())
  const route = (documentId: string) => `collection-types/${uid}/${encodeURIComponent(documentId)}`

  async function open(documentId: string): Promise<OpenDocument> {
    const all = await schemasOnce()
    const schema = all.get(uid)
    if (!schema) throw new Error(`Strapi has no content type ${uid}`)
    const document = (await call("GET", route(documentId))) as Json
    const top = Object.fromEntries(Object.entries(document).filter(([key]) => key in schema.attributes && !META_FIELDS.includes(key)))
    const form = formValues(top, schema, all)
    return {
      form,
      save: async (changes) => void (await call("PUT", route(documentId), { ...form, ...changes })),
      publish: async (changes) => void (await call("POST", `${route(documentId)}/actions/publish`, { ...form, ...changes })),
    }
  }

  return {
    open,
    save: async (documentId, changes) => (await open(documentId)).save(changes),
    publish: async (documentId, changes) => (await open(documentId)).publish(changes),
    remove: async (documentId) => void (await call("DELETE", route(documentId))),
  }
}

/**
 * A document's values as the edit view's form holds them (the admin's
 * transformDocument): nulls left out, every relation unchanged (no
 * connect, no disconnect), each item of a repeatable component keyed.
 */
function formValues(data: Json, schema: Schema, schemas: Map<string, Schema>): Json {
  const values: Json = {}
  for (const [key, value] of Object.entries(data)) {
    const attribute = schema.attributes[key]
    if (value === null && attribute?.type !== "boolean") continue
    if (attribute?.type === "relation") values[key] = { connect: [], disconnect: [] }
    else if (attribute?.type === "component" && attribute.component && value !== null) {
      const component = schemas.get(attribute.component) ?? { uid: attribute.component, attributes: {} }
      values[key] = attribute.repeatable
        ? (value as Json[]).map((item, index) => ({ ...formValues(item, component, schemas), __temp_key__: `a${index}` }))
        : formValues(value as Json, component, schemas)
    } else values[key] = value
  }
  return values
}
