import type { ApiRef, ApiSiteSettings } from "../../../contract/schemas"
import { CHILD, COLUMNS, CREATE_FIELDS, EDITABLE_FIELDS, PARENT, type Column } from "../catalogue/database/columns"
import { forgetTombstone, refOf, SITE_SETTINGS_REF, type WriteResult } from "../catalogue/changes"
import { now, type CatalogueDatabase } from "../catalogue/database/database"
import { columnsOf, draftRow, LIVE, liveRow } from "../catalogue/database/drafts-database"
import { EditError } from "../catalogue/edits"
import { readSiteSettings, updateSiteSettings, writeSiteSettings } from "../catalogue/site-settings"
import { REF_TYPE_OF_TABLE, type CatalogueTable } from "../catalogue/database/tables"
import { indexSeries } from "../catalogue/database/writes"
import { createEntity, deleteEntity, insertEntity, nextId, updateEntity, updateStored } from "./entity-writes"

// An editor's drafts (catalogue-api.md, "Drafts and preview"): saved in the
// drafts' catalogue (catalogue/database/drafts-database.ts) with the same writes a
// publish makes, then published into the live catalogue or discarded. A
// write published at once (the admin API's plain POST, PATCH and DELETE)
// reaches both, so the draft view never lags behind what visitors see.

type Row = Record<string, unknown>

/** A row's values of `fields`, as stored. */
const pick = (row: Row, fields: Record<string, Column>): Row => Object.fromEntries(Object.keys(fields).map((field) => [field, row[field]]))

export class DraftDesk {
  constructor(
    private readonly live: CatalogueDatabase,
    private readonly drafts: CatalogueDatabase,
    /** Where a mirrored write that the drafts could not take is told (it stays a difference in the draft view). */
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /** The next id of `table` in both catalogues: a draft-only entity and a published one never share one. */
  nextId(table: CatalogueTable): number {
    return Math.max(nextId(this.live, table), nextId(this.drafts, table))
  }

  /** The same published-at-once write on the drafts; one they cannot take is told and left (a draft deleted its container, say). */
  private mirror(what: string, write: () => unknown): void {
    try {
      write()
    } catch (error) {
      if (!(error instanceof EditError)) throw error
      this.log(`drafts: ${what} was published but the drafts could not take it: ${error.message}`)
    }
  }

  /** An entity created at once (its id from nextId): in the draft view too, unless a draft deleted its container. */
  mirrorCreate(table: CatalogueTable, id: number): void {
    const row = liveRow(this.drafts, table, id)
    if (row) this.mirror(`${REF_TYPE_OF_TABLE[table]} ${id}`, () => insertEntity(this.drafts, table, pick(row, CREATE_FIELDS[table]), id))
  }

  /** An editor's change published at once, applied over the entity's draft (its other drafted fields stay). */
  mirrorUpdate(table: CatalogueTable, id: number, patch: Row): void {
    this.mirror(`${REF_TYPE_OF_TABLE[table]} ${id}`, () => updateEntity(this.drafts, table, id, patch))
  }

  /** An entity deleted at once: gone from the draft view too. */
  mirrorDelete(table: CatalogueTable, id: number): void {
    deleteEntity(this.drafts, table, id)
  }

  /** The site settings changed at once, applied over their draft. */
  mirrorSiteSettings(patch: Row): void {
    this.mirror("site settings", () => updateSiteSettings(this.drafts, patch))
  }

  /** Saves a draft of an existing entity's change; undefined when the draft view has no such entity. */
  saveDraft(table: CatalogueTable, id: number, patch: Row): WriteResult | undefined {
    return updateEntity(this.drafts, table, id, patch)
  }

  /** Creates an entity in the drafts only, under an id no published entity has. */
  createDraft(table: CatalogueTable, body: Row): { id: number; result: WriteResult } {
    return createEntity(this.drafts, table, body, this.nextId(table))
  }

  /** Saves a draft that deletes the entity (and what it contains, as a publish would). */
  deleteDraft(table: CatalogueTable, id: number): WriteResult | undefined {
    return deleteEntity(this.drafts, table, id)
  }

  /**
   * Throws the draft away: the draft view shows the published version again
   * (with what a drafted deletion took along), or, for an entity that exists
   * only as a draft, nothing. Undefined when neither catalogue has it.
   */
  discard(table: CatalogueTable, id: number): WriteResult | undefined {
    const published = liveRow(this.drafts, table, id)
    if (!published) return draftRow(this.drafts, table, id) ? deleteEntity(this.drafts, table, id) : undefined
    return this.drafts.transaction(() => {
      const stamp = now()
      const before = draftRow(this.drafts, table, id)
      const changed = this.restore(table, [id], stamp)
      // Its containers in the draft view, where it was and where it is again, list it differently now.
      const parent = PARENT[table]
      if (parent) {
        const containers = new Set([published[parent.column], before?.[parent.column]].filter((value) => value != null))
        for (const container of containers) changed.push(...this.touch(parent.table, Number(container), stamp))
      }
      return { changed, deleted: [] }
    })()
  }

  /**
   * The published rows of `ids` written over the drafts' ones, and, where
   * the drafts lack a row (a drafted deletion), its published contents too.
   */
  private restore(table: CatalogueTable, ids: number[], stamp: string): ApiRef[] {
    const columns = columnsOf(table)
    const upsert = this.drafts.prepare(
      `INSERT INTO main.${table} (${columns.join(", ")}) VALUES (${columns.map((column) => `@${column}`).join(", ")})
       ON CONFLICT (id) DO UPDATE SET ${columns
         .filter((column) => column !== "id")
         .map((column) => `${column} = excluded.${column}`)
         .join(", ")}`,
    )
    const restored: ApiRef[] = []
    const missing: number[] = []
    for (const id of ids) {
      const row = liveRow(this.drafts, table, id)
      if (!row) continue
      if (!draftRow(this.drafts, table, id)) missing.push(id)
      this.checkContainersDrafted(table, row)
      upsert.run({ ...row, updated_at: stamp })
      const ref = refOf(table, id)
      forgetTombstone(this.drafts, ref)
      if (table === "series") indexSeries(this.drafts, id, row.title as string | null, row.description as string | null)
      restored.push(ref)
    }
    const child = CHILD[table]
    if (child && missing.length > 0) {
      const members = this.drafts
        .prepare(`SELECT id FROM ${LIVE}.${child.table} WHERE ${child.column} IN (SELECT value FROM json_each(?)) ORDER BY id`)
        .all(JSON.stringify(missing)) as { id: number }[]
      const absent = members.map((member) => member.id).filter((member) => !draftRow(this.drafts, child.table, member))
      restored.push(...this.restore(child.table, absent, stamp))
    }
    return restored
  }

  /** Refuses to bring back an entity whose container the drafts delete: that draft is to be discarded first. */
  private checkContainersDrafted(table: CatalogueTable, row: Row): void {
    for (const [field, column] of Object.entries(COLUMNS[table]) as [string, Column][]) {
      if (!column.target || row[field] == null) continue
      if (!draftRow(this.drafts, column.target, Number(row[field]))) {
        throw new EditError(
          `${REF_TYPE_OF_TABLE[table]} ${String(row.id)} cannot come back while a draft deletes its ${REF_TYPE_OF_TABLE[column.target]} ${String(row[field])}: discard that draft first`,
        )
      }
    }
  }

  /** Bumps a row of the drafts (it shows something new); its ref, or none when the drafts lack it. */
  private touch(table: CatalogueTable, id: number, stamp: string): ApiRef[] {
    const bumped = this.drafts.prepare(`UPDATE main.${table} SET updated_at = ? WHERE id = ?`).run(stamp, id)
    return bumped.changes > 0 ? [refOf(table, id)] : []
  }

  /**
   * Publishes the entity's draft: the live catalogue takes what the draft
   * view shows of it (an edit, a new entity under its draft id, or a
   * deletion with what it contains). A new entity whose container is itself
   * only a draft is refused, naming the container to publish first.
   * Undefined when neither catalogue has it.
   */
  publish(table: CatalogueTable, id: number): WriteResult | undefined {
    const drafted = draftRow(this.drafts, table, id)
    const published = liveRow(this.drafts, table, id)
    if (!drafted && !published) return undefined
    let live: WriteResult
    if (drafted && published) live = updateStored(this.live, table, id, pick(drafted, EDITABLE_FIELDS[table]))!
    else if (drafted) live = this.publishNew(table, id, drafted)
    else live = deleteEntity(this.live, table, id)!
    // No longer a draft: the draft changes feed tells the preview so.
    if (drafted) this.touch(table, id, now())
    return live
  }

  private publishNew(table: CatalogueTable, id: number, drafted: Row): WriteResult {
    for (const [field, column] of Object.entries(CREATE_FIELDS[table]) as [string, Column][]) {
      const target = column.target
      if (target && drafted[field] != null && !liveRow(this.drafts, target, Number(drafted[field]))) {
        throw new EditError(`${REF_TYPE_OF_TABLE[table]} ${id} is in ${REF_TYPE_OF_TABLE[target]} ${String(drafted[field])}, which is not published yet: publish that first`)
      }
    }
    return insertEntity(this.live, table, pick(drafted, CREATE_FIELDS[table]), id).result
  }

  /** Saves a draft of the site settings' change. */
  saveSiteSettingsDraft(patch: Row): ApiSiteSettings {
    return updateSiteSettings(this.drafts, patch)
  }

  /** The draft of the site settings thrown away: the published ones again. */
  discardSiteSettings(): WriteResult {
    const published = readSiteSettings(this.live)
    if (published) writeSiteSettings(this.drafts, published)
    else this.drafts.prepare("DELETE FROM main.site_settings").run()
    return { changed: [SITE_SETTINGS_REF], deleted: [] }
  }

  /** Publishes the site settings' draft; undefined when the drafts hold none. */
  publishSiteSettings(): ApiSiteSettings | undefined {
    const drafted = readSiteSettings(this.drafts)
    if (!drafted) return undefined
    writeSiteSettings(this.live, drafted)
    writeSiteSettings(this.drafts, drafted)
    return drafted
  }
}
