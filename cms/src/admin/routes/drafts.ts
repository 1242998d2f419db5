import type { FastifyInstance, FastifyRequest } from "fastify"
import { HttpError } from "../../../../node-kit/http/http-error"
import { refOf, SITE_SETTINGS_REF, type WriteResult } from "../../catalogue/changes"
import { pendingDrafts } from "../../catalogue/database/drafts-database"
import type { CatalogueDatabase } from "../../catalogue/database/database"
import { EditError } from "../../catalogue/edits"
import type { CatalogueReads } from "../../catalogue/database/reads"
import type { CatalogueTable } from "../../catalogue/database/tables"
import { ID_PARAMS, type IdParams } from "../../catalogue/routes/id-params"
import { readSiteSettings, siteSettingsDiffer } from "../../catalogue/site-settings"
import type { DraftDesk } from "../drafts"
import { COLLECTIONS, nothingAt, servedEntity } from "./collections"
import { createBodySchema, entityBodyRefusal, patchBodySchema } from "./entity-bodies"
import { siteSettingsBody, siteSettingsRefusal } from "./site-settings"

/** What the drafts routes answer on a catalogue that keeps none (CMS_DRAFTS=off). */
export const NO_DRAFTS_MESSAGE = "This catalogue keeps no drafts (CMS_DRAFTS=off): every write is published at once."

export interface AdminDraftOptions {
  /** The editors' drafts; null: every route here answers 404 with NO_DRAFTS_MESSAGE. */
  desk: DraftDesk | null
  /** The drafts' catalogue and its reads (the draft view). */
  drafts: { db: CatalogueDatabase; reads: CatalogueReads } | null
  /** Reads of the published catalogue: what a publish answers with. */
  reads: CatalogueReads
  live: CatalogueDatabase
  /** Tells the publisher what a publish did (the publish webhook); never throws. */
  publish: (result: WriteResult) => void
  /** Tells the publisher what the draft view changed (the `draft` webhook); never throws. */
  drafted: (result: WriteResult) => void
}

type Body = Record<string, unknown>

/**
 * The editors' drafts (under /admin/drafts): save a draft of any entity or of
 * the site settings, create or delete one as a draft, discard a draft, and
 * publish it. Each answers with the entity as the draft view (or, for a
 * publish, the published view) then serves it. `GET /drafts` lists what
 * differs from the published catalogue.
 */
export async function adminDraftRoutes(app: FastifyInstance, options: AdminDraftOptions) {
  const { desk, drafts } = options
  if (!desk || !drafts) {
    app.all("/drafts", async () => {
      throw new HttpError(404, NO_DRAFTS_MESSAGE)
    })
    app.all("/drafts/*", async () => {
      throw new HttpError(404, NO_DRAFTS_MESSAGE)
    })
    return
  }

  app.get("/drafts", async () => {
    const entities = pendingDrafts(drafts.db).map(({ table, id, kind, title }) => ({ ...refOf(table, id), kind, title }))
    const settings = siteSettingsDiffer(options.live, drafts.db) ? [{ ...SITE_SETTINGS_REF, kind: "edited", title: null }] : []
    return { data: [...entities, ...settings] }
  })
  siteSettingsDraftRoutes(app, desk, drafts.db, options)
  for (const [collection, table] of Object.entries(COLLECTIONS)) entityDraftRoutes(app, desk, drafts.reads, options, collection, table)
}

/** The site settings' draft: one object, not a collection, so before the collections' /drafts/:collection/:id routes. */
function siteSettingsDraftRoutes(app: FastifyInstance, desk: DraftDesk, drafts: CatalogueDatabase, options: AdminDraftOptions) {
  app.patch<{ Body: Body }>(
    "/drafts/site-settings",
    { schema: { body: siteSettingsBody }, config: { refuse: (_request, errors) => siteSettingsRefusal(errors) } },
    async (request) => {
      const settings = desk.saveSiteSettingsDraft(request.body)
      options.drafted({ changed: [SITE_SETTINGS_REF], deleted: [] })
      return { data: { ...settings, draft: siteSettingsDiffer(options.live, drafts) } }
    },
  )
  app.post("/drafts/site-settings/discard", async () => {
    options.drafted(desk.discardSiteSettings())
    return { data: readSiteSettings(drafts) ?? null }
  })
  app.post("/drafts/site-settings/publish", async () => {
    const published = desk.publishSiteSettings()
    if (!published) throw new HttpError(404, "There are no site settings in the drafts to publish.")
    options.publish({ changed: [SITE_SETTINGS_REF], deleted: [] })
    return { data: published }
  })
}

/** One collection's draft routes: create, edit, delete as a draft; discard; publish. */
function entityDraftRoutes(app: FastifyInstance, desk: DraftDesk, draftReads: CatalogueReads, options: AdminDraftOptions, collection: string, table: CatalogueTable) {
  const bodyRefusal = (onCreate: boolean) => (request: FastifyRequest, errors: Parameters<typeof entityBodyRefusal>[2]) =>
    new EditError(entityBodyRefusal(table, onCreate, errors, request.body))
  const idRoute = (verb: string) => ({ schema: { params: ID_PARAMS }, config: { refuse: (request: FastifyRequest) => nothingAt(verb, request) } })
  const missing = (id: number) => new HttpError(404, `${collection} ${id} is neither published nor in the drafts.`)

  app.post<{ Body: Body }>(`/drafts/${collection}`, { schema: { body: createBodySchema(table) }, config: { refuse: bodyRefusal(true) } }, async (request, reply) => {
    const created = desk.createDraft(table, request.body)
    options.drafted(created.result)
    return reply.status(201).send({ data: servedEntity(draftReads, table, created.id) })
  })

  const editRefusal = bodyRefusal(false)
  app.patch<IdParams & { Body: Body }>(
    `/drafts/${collection}/:id`,
    {
      schema: { params: ID_PARAMS, body: patchBodySchema(table) },
      config: { refuse: (request, errors, part) => (part === "params" ? nothingAt("edit", request) : editRefusal(request, errors)) },
    },
    async (request) => {
      const id = Number(request.params.id)
      const result = desk.saveDraft(table, id, request.body)
      if (!result) throw new HttpError(404, `${collection} ${id} is not in the drafts (a draft may delete it: discard that first).`)
      options.drafted(result)
      return { data: servedEntity(draftReads, table, id) }
    },
  )

  app.delete<IdParams>(`/drafts/${collection}/:id`, idRoute("delete"), async (request, reply) => {
    const id = Number(request.params.id)
    const result = desk.deleteDraft(table, id)
    if (!result) throw new HttpError(404, `${collection} ${id} is not in the drafts.`)
    options.drafted(result)
    return reply.status(204).send()
  })

  app.post<IdParams>(`/drafts/${collection}/:id/discard`, idRoute("discard"), async (request) => {
    const id = Number(request.params.id)
    const result = desk.discard(table, id)
    if (!result) throw missing(id)
    options.drafted(result)
    return { data: servedEntity(draftReads, table, id) ?? null }
  })

  app.post<IdParams>(`/drafts/${collection}/:id/publish`, idRoute("publish"), async (request) => {
    const id = Number(request.params.id)
    const published = desk.publish(table, id)
    if (!published) throw missing(id)
    // One publish webhook: a publish changes both views, and the preview lane listens for it too.
    options.publish(published)
    return { data: servedEntity(options.reads, table, id) ?? null }
  })
}
