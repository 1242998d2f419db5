import type { FieldText, ViewLabels } from "./labels"

/** One field's entry in the content manager's view configuration (`metadatas.{field}`). */
export interface FieldMetadata {
  edit: Record<string, unknown>
  list: Record<string, unknown>
}

/** A content type's or component's view configuration, as @strapi/content-manager keeps it in the core store. */
export interface ViewConfiguration {
  settings: Record<string, unknown>
  metadatas: Record<string, FieldMetadata>
  layouts: { list: string[]; edit: unknown[] } & Record<string, unknown>
}

/** An attribute of the content manager's model of a type (its data-mapper's: relations carry `relationType`). */
export interface ModelAttribute {
  type: string
  relationType?: string
}

type Slot = readonly ["edit" | "list", string]

/** The texts this module sets, where they sit in a field's metadata. */
const SLOTS: ReadonlyArray<{ slot: Slot; of: (text: FieldText) => string | undefined }> = [
  { slot: ["edit", "label"], of: (text) => text.label },
  { slot: ["edit", "description"], of: (text) => text.description },
  { slot: ["edit", "placeholder"], of: (text) => text.placeholder },
  { slot: ["list", "label"], of: (text) => text.column ?? text.label },
]

/** What Strapi puts in a slot when it makes a field's metadata (content-manager's createDefaultMetadata): its name as labels, empty texts. */
const strapiDefault = (field: string, [, key]: Slot) => (key === "label" ? field : "")

/** Attribute types a list cannot show (content-manager's NON_LISTABLES). */
const NOT_LISTABLE = new Set(["json", "password", "richtext", "dynamiczone", "blocks"])
const LISTABLE_RELATIONS = new Set(["oneToOne", "oneToMany", "manyToOne", "manyToMany"])

/** The list view Strapi makes for a new type: its first four listable attributes but documentId (content-manager's createDefaultListLayout). */
export function strapiDefaultList(attributes: Record<string, ModelAttribute>): string[] {
  return Object.entries(attributes)
    .filter(
      ([name, attribute]) => name !== "documentId" && !NOT_LISTABLE.has(attribute.type) && (attribute.type !== "relation" || LISTABLE_RELATIONS.has(attribute.relationType ?? "")),
    )
    .map(([name]) => name)
    .slice(0, 4)
}

const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  a !== undefined && b !== undefined && a.length === b.length && a.every((name, index) => name === b[index])

/**
 * `current` with `labels` where the view still holds what Strapi made or
 * what this module set last time (`previous`), so an admin's own label,
 * description or list (Configure the view) stays; undefined when nothing
 * changes. A text an admin sets back to Strapi's default (a field's name as
 * its label, an empty description) is taken as not set. Fields the type no
 * longer has are left out.
 */
export function withLabels(current: ViewConfiguration, labels: ViewLabels, previous: ViewLabels | undefined, defaultList: readonly string[]): ViewConfiguration | undefined {
  const metadatas: Record<string, FieldMetadata> = {}
  let changed = false
  for (const [field, metadata] of Object.entries(current.metadatas)) {
    const text = labels.fields[field]
    const next: FieldMetadata = { edit: { ...metadata.edit }, list: { ...metadata.list } }
    if (text) {
      const before = previous?.fields[field]
      for (const { slot, of } of SLOTS) {
        const ours = of(text)
        const now = next[slot[0]][slot[1]]
        if (ours === undefined || now === ours) continue
        if (now === undefined || now === strapiDefault(field, slot) || (before !== undefined && now === of(before))) {
          next[slot[0]][slot[1]] = ours
          changed = true
        }
      }
    }
    metadatas[field] = next
  }
  let list = current.layouts.list
  if (labels.list && !sameList(list, labels.list) && (sameList(list, [...defaultList]) || sameList(list, previous?.list))) {
    list = labels.list.filter((field) => field in current.metadatas)
    changed = true
  }
  return changed ? { ...current, metadatas, layouts: { ...current.layouts, list } } : undefined
}
