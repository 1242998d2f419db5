// The admin panel's own calls, as an editor's clicks make them
// (@strapi/content-manager's server routes): create, save, publish,
// unpublish and delete a document of a collection type.

export interface ContentManager {
  create(uid: string, data: Record<string, unknown>): Promise<string>
  save(uid: string, documentId: string, data: Record<string, unknown>): Promise<void>
  publish(uid: string, documentId: string): Promise<void>
  unpublish(uid: string, documentId: string): Promise<void>
  remove(uid: string, documentId: string): Promise<void>
}

/** A relation's value as the admin panel sends it: link these documents (and unlink those). */
export const link = (connect: string[], disconnect: string[] = []) => ({
  connect: connect.map((documentId) => ({ documentId })),
  disconnect: disconnect.map((documentId) => ({ documentId })),
})

export function contentManager(origin: string, token: () => string): ContentManager {
  const call = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${origin}/content-manager/collection-types/${route}`, {
      method,
      headers: { authorization: `Bearer ${token()}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = await response.json().catch(() => undefined)
    if (!response.ok) throw new Error(`${method} /content-manager/collection-types/${route} answered ${response.status}: ${JSON.stringify(json)}`)
    return json as { data?: { documentId?: string } }
  }
  return {
    async create(uid, data) {
      const created = await call("POST", uid, data)
      const documentId = created.data?.documentId
      if (!documentId) throw new Error(`Creating a ${uid} answered no documentId: ${JSON.stringify(created)}`)
      return documentId
    },
    save: async (uid, documentId, data) => void (await call("PUT", `${uid}/${documentId}`, data)),
    publish: async (uid, documentId) => void (await call("POST", `${uid}/${documentId}/actions/publish`, {})),
    unpublish: async (uid, documentId) => void (await call("POST", `${uid}/${documentId}/actions/unpublish`, {})),
    remove: async (uid, documentId) => void (await call("DELETE", `${uid}/${documentId}`)),
  }
}
