import type { FastifyInstance, FastifyRequest } from "fastify"
import { HttpError } from "../../../../node-kit/http/http-error"
import type { CatalogueReads } from "../../catalogue/database/reads"
import type { CatalogueTable } from "../../catalogue/database/tables"
import { pruneTombstones, type WriteResult } from "../../catalogue/changes"
import type { CatalogueDatabase } from "../../catalogue/database/database"
import { EditError } from "../../catalogue/edits"
import { createEntity, deleteEntity, updateEntity } from "../entity-writes"
import { createBodySchema, entityBodyRefusal, patchBodySchema } from "./entity-bodies"
import { ID_PARAMS, type IdParams } from "../../catalogue/routes/id-params"
import type { DraftDesk } from "../drafts"
import { COLLECTIONS, nothingAt, servedEntity } from "./collections"

export interface AdminEntityOptions {
  db: CatalogueDatabase
  reads: CatalogueReads
  /** Days tombstones are kept; each deletion prunes older ones. */
  tombstoneDays: number
  /** Tells the publisher what a write did; never throws. */
  publish: (result: WriteResult) => void
  /** The editors' drafts, which every write published at once reaches too; none when the catalogue keeps no drafts. */
  drafts?: DraftDesk
}

type Body = Record<string, unknown>

/**
 * An editor's create, edit and delete (under /admin), one set of routes per
 * collection, each with the request schemas of that collection's fields.
 */
export async function adminEntityRoutes(app: FastifyInstance, options: AdminEntityOptions) {
  const { db, reads, publish, drafts } = options
  const served = (table: CatalogueTable, id: number) => servedEntity(reads, table, id)

  for (const [collection, table] of Object.entries(COLLECTIONS)) {
    const bodyRefusal = (onCreate: boolean) => (request: FastifyRequest, errors: Parameters<typeof entityBodyRefusal>[2]) =>
      new EditError(entityBodyRefusal(table, onCreate, errors, request.body))

    app.post<{ Body: Body }>(`/${collection}`, { schema: { body: createBodySchema(table) }, config: { refuse: bodyRefusal(true) } }, async (request, reply) => {
      const created = createEntity(db, table, request.body, drafts?.nextId(table))
      drafts?.mirrorCreate(table, created.id)
      publish(created.result)
      return reply.status(201).send({ data: served(table, created.id) })
    })

    const editRefusal = bodyRefusal(false)
    app.patch<IdParams & { Body: Body }>(
      `/${collection}/:id`,
      {
        schema: { params: ID_PARAMS, body: patchBodySchema(table) },
        config: { refuse: (request, errors, part) => (part === "params" ? nothingAt("edit", request) : editRefusal(request, errors)) },
      },
      async (request) => {
        const id = Number(request.params.id)
        const result = updateEntity(db, table, id, request.body)
        if (!result) throw new HttpError(404, `${collection} ${id} was not found.`)
        drafts?.mirrorUpdate(table, id, request.body)
        publish(result)
        return { data: served(table, id) }
      },
    )

    app.delete<IdParams>(`/${collection}/:id`, { schema: { params: ID_PARAMS }, config: { refuse: (request) => nothingAt("delete", request) } }, async (request, reply) => {
      const id = Number(request.params.id)
      const result = deleteEntity(db, table, id)
      if (!result) throw new HttpError(404, `${collection} ${id} was not found.`)
      drafts?.mirrorDelete(table, id)
      pruneTombstones(db, options.tombstoneDays)
      publish(result)
      return reply.status(204).send()
    })
  }

  // Any other collection (subscriptions, site-settings…): nothing there to create, edit or delete.
  for (const [method, url, verb] of [
    ["POST", "/:collection", "create"],
    ["PATCH", "/:collection/:id", "edit"],
    ["DELETE", "/:collection/:id", "delete"],
  ] as const) {
    app.route({
      method,
      url,
      handler: async (request) => {
        throw nothingAt(verb, request)
      },
    })
  }
}
