import type { Core } from "@strapi/strapi"
import type { View } from "../http/preview-access"

// The catalogue's containers answer with their members (a category its
// subcategories, a subcategory its series with their data, a series its
// episodes), so when a member changes, comes, goes or moves, its containers'
// answers change too. Like the reference server, the feed lists them as
// changed: a build reads membership and order from a changed container's
// fresh answer (plugins/gatsby-source-catalogue/src/crawl/delta.ts).

/** A catalogue document, by content type and documentId. */
export interface DocumentKey {
  uid: string
  documentId: string
}

interface Link {
  field: string
  target: string
  /** `container`: the one it belongs to; `members`: those that belong to it. */
  role: "container" | "members"
}

const LINKS: Readonly<Record<string, readonly Link[]>> = {
  "api::episode.episode": [{ field: "series", target: "api::series.series", role: "container" }],
  "api::series.series": [
    { field: "sub_category", target: "api::sub-category.sub-category", role: "container" },
    { field: "episodes", target: "api::episode.episode", role: "members" },
  ],
  "api::sub-category.sub-category": [
    { field: "category", target: "api::category.category", role: "container" },
    { field: "series", target: "api::series.series", role: "members" },
  ],
  "api::category.category": [{ field: "sub_categories", target: "api::sub-category.sub-category", role: "members" }],
}

const VIEWS: readonly View[] = ["published", "draft"]

export const documentKey = (key: DocumentKey): string => `${key.uid}#${key.documentId}`

/** One document as each view has it: whether it is there, and what it is linked to. */
export type Snapshot = Record<View, { present: boolean; containers: DocumentKey[]; members: DocumentKey[] }>

export const ABSENT: Snapshot = {
  published: { present: false, containers: [], members: [] },
  draft: { present: false, containers: [], members: [] },
}

const linkedThrough = (row: Record<string, unknown>, link: Link): DocumentKey[] => {
  const value = row[link.field]
  return (Array.isArray(value) ? value : [value]).flatMap((linked) => {
    const documentId = (linked as { documentId?: unknown } | null)?.documentId
    return typeof documentId === "string" ? [{ uid: link.target, documentId }] : []
  })
}

/** The document's versions: its published one and its draft, each with its links. */
export async function snapshot(strapi: Core.Strapi, { uid, documentId }: DocumentKey): Promise<Snapshot> {
  const links = LINKS[uid] ?? []
  const rows = (await strapi.db.query(uid as never).findMany({
    select: ["id", "publishedAt"],
    where: { documentId },
    populate: Object.fromEntries(links.map((link) => [link.field, { select: ["documentId"] }])),
  })) as Record<string, unknown>[]
  const view = (published: boolean) => {
    const versions = rows.filter((row) => (row.publishedAt != null) === published)
    const through = (role: Link["role"]) => versions.flatMap((row) => links.filter((link) => link.role === role).flatMap((link) => linkedThrough(row, link)))
    return { present: versions.length > 0, containers: through("container"), members: through("members") }
  }
  return { published: view(true), draft: view(false) }
}

function union(...lists: DocumentKey[][]): DocumentKey[] {
  return [...new Map(lists.flat().map((key) => [documentKey(key), key])).values()]
}

function difference(from: DocumentKey[], without: DocumentKey[]): DocumentKey[] {
  const gone = new Set(without.map(documentKey))
  return from.filter((key) => !gone.has(documentKey(key)))
}

/**
 * The neighbours whose answers in `view` an action changed: the document's
 * containers, before and after (its data or its place in them changed); and
 * its members, all of them when the document came to or left the view, else
 * those that joined or left it.
 */
export function neighboursChanged(before: Snapshot, after: Snapshot, view: View): DocumentKey[] {
  const [was, is] = [before[view], after[view]]
  const members = was.present !== is.present ? union(was.members, is.members) : union(difference(was.members, is.members), difference(is.members, was.members))
  return union(was.containers, is.containers, members)
}

/** Every documentId a relation's payload names, in whatever form it takes (an id, `{ documentId }`, `connect`, `disconnect`, `set`, lists). */
function namedDocumentIds(value: unknown, depth = 0): string[] {
  if (depth > 4 || value == null) return []
  if (typeof value === "string") return [value]
  if (Array.isArray(value)) return value.flatMap((item) => namedDocumentIds(item, depth + 1))
  if (typeof value !== "object") return []
  const record = value as Record<string, unknown>
  if (typeof record.documentId === "string") return [record.documentId]
  return ["connect", "disconnect", "set"].flatMap((key) => namedDocumentIds(record[key], depth + 1))
}

/**
 * The members an action's data adds or removes (a series' page given an
 * episode), and the containers they are in before it runs: the episode's old
 * series loses it. Read before the action; a container named is among the
 * document's own containers already.
 */
export async function membersNamedBy(strapi: Core.Strapi, uid: string, data: unknown): Promise<DocumentKey[]> {
  if (typeof data !== "object" || data === null) return []
  const named = (LINKS[uid] ?? [])
    .filter((link) => link.role === "members")
    .flatMap((link) => namedDocumentIds((data as Record<string, unknown>)[link.field]).map((documentId) => ({ uid: link.target, documentId })))
  const snapshots = await Promise.all(named.map((key) => snapshot(strapi, key)))
  return union(named, ...snapshots.flatMap((found) => VIEWS.map((view) => found[view].containers)))
}
