import type { Core } from "@strapi/strapi"
import type { View } from "../http/preview-access"

// The catalogue's containers answer with their members (a category its
// subcategories, a subcategory its series with their data, a series its
// episodes), so when a member comes, goes, moves or changes its place in
// their order, its containers' answers change too. Like the reference server
// (cms/src/catalogue/database/columns.ts, PARENT), the feed lists them as changed
// then, and only then: a build reads membership and order from a changed
// container's fresh answer, and patches a member's own data into the lists
// that carry it (plugins/gatsby-source-catalogue/src/crawl/delta.ts). A
// container listed for a member's title would cost the build its answer and
// every member's pictures again.

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

/** The fields that place a document among its container's members (views/content-types.ts: EPISODE_ORDER, EDITORS_ORDER). */
const ORDER_FIELDS: Readonly<Record<string, readonly string[]>> = {
  "api::episode.episode": ["episode"],
  "api::series.series": ["position"],
  "api::sub-category.sub-category": ["position"],
}

export const documentKey = (key: DocumentKey): string => `${key.uid}#${key.documentId}`

/** One document as each view has it: whether it is there, what it is linked to, and its place among its container's members (`order`, the values of its ORDER_FIELDS). */
export type Snapshot = Record<View, { present: boolean; containers: DocumentKey[]; members: DocumentKey[]; order?: string }>

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
  const orderFields = ORDER_FIELDS[uid] ?? []
  const rows = (await strapi.db.query(uid as never).findMany({
    select: ["id", "publishedAt", ...orderFields],
    where: { documentId },
    populate: Object.fromEntries(links.map((link) => [link.field, { select: ["documentId"] }])),
  })) as Record<string, unknown>[]
  const view = (published: boolean) => {
    const versions = rows.filter((row) => (row.publishedAt != null) === published)
    const through = (role: Link["role"]) => versions.flatMap((row) => links.filter((link) => link.role === role).flatMap((link) => linkedThrough(row, link)))
    const order = JSON.stringify(versions.map((row) => orderFields.map((field) => row[field] ?? null)))
    return { present: versions.length > 0, containers: through("container"), members: through("members"), order }
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

/** Those in one list and not the other, either way. */
const changedBetween = (was: DocumentKey[], is: DocumentKey[]) => union(difference(was, is), difference(is, was))

/**
 * The neighbours whose answers in `view` an action changed: the document's
 * containers, before and after, when it came to or left the view or moved
 * among their members (else only those it left or joined); and its members,
 * all of them when the document came to or left the view, else those that
 * joined or left it. An edit of the document's own data changes neither.
 */
export function neighboursChanged(before: Snapshot, after: Snapshot, view: View): DocumentKey[] {
  const [was, is] = [before[view], after[view]]
  const cameOrWent = was.present !== is.present
  const containers = cameOrWent || was.order !== is.order ? union(was.containers, is.containers) : changedBetween(was.containers, is.containers)
  const members = cameOrWent ? union(was.members, is.members) : changedBetween(was.members, is.members)
  return union(containers, members)
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
