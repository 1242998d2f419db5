import fs from "node:fs"
import path from "node:path"
import { DomUtils, ElementType, parseDocument } from "htmlparser2"
import { BLOCK_ELEMENTS, HIDDEN_ELEMENTS } from "../../../contract/html-text/html-text-rules"

// What a visitor and a search engine get from a built site, pictures aside,
// in a form two builds can be compared by: each page's visible text, links
// and SEO output, and the sitemaps, robots.txt and web manifest.

type Node = ReturnType<typeof parseDocument>["children"][number]
type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number]

/** One page as a visitor reads it and a crawler indexes it. */
export interface PageSnapshot {
  /** The body's text as the site's own plain-text rule reads it (contract/html-text/html-text-rules.ts); an image as its alt text. */
  text: string
  /** Every link and form: `href → text` (its aria-label when it has one), in document order. */
  links: string[]
  /** <title>, the head's named meta tags (og:image's and twitter:image's address and size as present), canonical and the other link rels a crawler reads. */
  seo: Record<string, string>
  /** The JSON-LD objects, pictures as present, the backend's own stamps as {date}. */
  jsonLd: unknown[]
}

export interface SiteSnapshot {
  /** By address: `/detail/1002/` for detail/1002/index.html, `/404.html` for 404.html. */
  pages: Record<string, PageSnapshot>
  /** robots.txt, each sitemap (its entries, lastmod as {date} and pictures as present) and the web manifest. */
  files: Record<string, unknown>
}

export interface SnapshotOptions {
  /** Addresses only one build can name (its CMS's API), each as the placeholder a comparison reads. */
  placeholders: Record<string, string>
}

const PICTURE = "{picture}"
const DATE = "{date}"
/** The backend's own stamp (updated_at) reaches the output under these names alone. */
const STAMP_KEYS = new Set(["dateModified", "lastmod"])
/** Picture fields: their URLs, sizes and digests may differ between builds, their presence may not. */
const PICTURE_KEY = /^(image|thumbnailUrl|logo|og:image(:(url|secure_url|type|width|height))?|twitter:image(:src)?|image:(image|loc)|video:thumbnail_loc)$/
/** Link rels that speak to crawlers; the rest (stylesheets, icons, preloads) are the build's own. */
const CRAWLER_RELS = new Set(["canonical", "alternate", "prev", "next", "sitemap", "manifest"])

const collapse = (text: string) => text.replace(/\s+/g, " ").trim()
const isElement = (node: Node): node is Element => node.type === ElementType.Tag || node.type === ElementType.Script || node.type === ElementType.Style

function visibleText(nodes: readonly Node[], parts: string[] = []): string[] {
  for (const node of nodes) {
    // A browser drops NUL characters from text (HTML's "in body" rules); React 18's stream writes one
    // where a multi-byte character meets the end of its 2 KB buffer (facebook/react#24985).
    if (node.type === ElementType.Text) parts.push(node.data.replaceAll("\u0000", ""))
    else if (isElement(node) && !HIDDEN_ELEMENTS.has(node.name)) {
      if (node.name === "img" && node.attribs.alt) parts.push(` [image: ${node.attribs.alt}] `)
      const block = BLOCK_ELEMENTS.has(node.name) ? " " : ""
      parts.push(block)
      visibleText(node.children as Node[], parts)
      parts.push(block)
    }
  }
  return parts
}

function linksOf(body: readonly Node[]): string[] {
  const anchors = DomUtils.findAll((element) => (element.name === "a" && "href" in element.attribs) || element.name === "form", body as Node[])
  return anchors.map((element) => {
    if (element.name === "form") return `form ${(element.attribs.method ?? "get").toLowerCase()} ${element.attribs.action ?? ""}`
    const text = element.attribs["aria-label"] ?? collapse(visibleText(element.children as Node[]).join(""))
    return `${element.attribs.href} → ${text}`
  })
}

function seoOf(head: readonly Node[]): Record<string, string> {
  const seo: Record<string, string> = {}
  const add = (key: string, value: string) => (seo[key] = key in seo ? `${seo[key]} | ${value}` : value)
  for (const element of DomUtils.findAll(() => true, head as Node[])) {
    const { name, attribs } = element
    if (name === "title") add("title", collapse(DomUtils.textContent(element)))
    const metaKey = attribs.name ?? attribs.property
    if (name === "meta" && metaKey) add(metaKey, PICTURE_KEY.test(metaKey) ? PICTURE : (attribs.content ?? ""))
    if (name === "link" && CRAWLER_RELS.has(attribs.rel ?? "")) add(`link ${attribs.rel}${attribs.hreflang ? ` ${attribs.hreflang}` : ""}`, attribs.href ?? "")
  }
  return seo
}

/** A JSON value with pictures as present and the backend's stamps as {date}. */
function withoutPictures(value: unknown, key = ""): unknown {
  if (PICTURE_KEY.test(key)) return PICTURE
  if (STAMP_KEYS.has(key) && typeof value === "string") return DATE
  if (Array.isArray(value)) return value.map((item) => withoutPictures(item))
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withoutPictures(item, name)]))
  return value
}

/** Reads one built page. `rewrite` puts the placeholders in. */
export function pageSnapshot(html: string, rewrite: (text: string) => string = (text) => text): PageSnapshot {
  const document = parseDocument(rewrite(html))
  const [head] = DomUtils.getElementsByTagName("head", document.children, true)
  const [body] = DomUtils.getElementsByTagName("body", document.children, true)
  const jsonLd = DomUtils.findAll((element) => element.name === "script" && element.attribs.type === "application/ld+json", (head?.children ?? []) as Node[])
  return {
    text: collapse(visibleText((body?.children ?? []) as Node[]).join("")),
    links: linksOf((body?.children ?? []) as Node[]),
    seo: seoOf((head?.children ?? []) as Node[]),
    jsonLd: jsonLd.map((script) => withoutPictures(JSON.parse(DomUtils.textContent(script)))),
  }
}

/** A sitemap's entries (or a sitemap index's), each as its fields: pictures as present, lastmod as {date}. */
export function sitemapSnapshot(xml: string): Record<string, unknown>[] {
  const document = parseDocument(xml, { xmlMode: true })
  const entries = DomUtils.findAll((element) => element.name === "url" || element.name === "sitemap", document.children)
  return entries.map((entry) => {
    const fields: Record<string, string[]> = {}
    for (const field of DomUtils.findAll((element) => element.children.every((child) => child.type === ElementType.Text), entry.children as Node[])) {
      const value = withoutPictures(collapse(DomUtils.textContent(field)), field.name) as string
      ;(fields[field.name] ??= []).push(value)
    }
    return fields
  })
}

function builtFiles(publicDir: string): string[] {
  const entries = fs.readdirSync(publicDir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => !file.startsWith("_gatsby/") && !file.startsWith("page-data/"))
    .sort()
}

/** Every page of the build in `publicDir` and the files crawlers read, with `placeholders` put in. */
export function snapshotSite(publicDir: string, { placeholders }: SnapshotOptions): SiteSnapshot {
  const rewrite = (text: string) => Object.entries(placeholders).reduce((result, [address, placeholder]) => result.split(address).join(placeholder), text)
  const read = (file: string) => rewrite(fs.readFileSync(path.join(publicDir, file), "utf8"))
  const snapshot: SiteSnapshot = { pages: {}, files: {} }
  for (const file of builtFiles(publicDir)) {
    if (file.endsWith(".html")) snapshot.pages[file.endsWith("index.html") ? `/${file.slice(0, -"index.html".length)}` : `/${file}`] = pageSnapshot(read(file))
    else if (/^sitemap[^/]*\.xml$/.test(file)) snapshot.files[file] = sitemapSnapshot(read(file))
    else if (file === "robots.txt") snapshot.files[file] = read(file)
    else if (file === "manifest.webmanifest") snapshot.files[file] = JSON.parse(read(file))
  }
  return snapshot
}

export type Aspect = "pages" | "text" | "links" | "seo" | "jsonLd" | "files"

export interface Difference {
  /** The page's address, or the file's name. */
  where: string
  aspect: Aspect
  /** What differs, the first build's side first. */
  what: string
}

const show = (value: unknown) => (typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value ?? null))

/** Where two texts part: a little of each around the first character that differs. */
function textDifference(a: string, b: string): string {
  let at = 0
  while (at < a.length && a[at] === b[at]) at++
  const around = (text: string) => `${at > 40 ? "…" : ""}${text.slice(Math.max(0, at - 40), at + 60)}${text.length > at + 60 ? "…" : ""}`
  return `at character ${at}: ${show(around(a))} against ${show(around(b))}`
}

/** The first entries of two lists that differ: by position, then what either alone has. */
function listDifference(a: readonly string[], b: readonly string[]): string {
  const onlyA = a.filter((item) => !b.includes(item))
  const onlyB = b.filter((item) => !a.includes(item))
  if (onlyA.length || onlyB.length) return `only in the first: ${show(onlyA.slice(0, 3))}; only in the second: ${show(onlyB.slice(0, 3))}`
  const at = a.findIndex((item, index) => item !== b[index])
  return `the same ${a.length} entries, in another order from #${at}: ${show(a[at])} against ${show(b[at])}`
}

function recordDifference(a: Record<string, unknown>, b: Record<string, unknown>): string {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => show(a[key]) !== show(b[key]))
  return keys.map((key) => `${key}: ${show(a[key])} against ${show(b[key])}`).join("; ")
}

function pageDifferences(where: string, a: PageSnapshot, b: PageSnapshot): Difference[] {
  const differences: Difference[] = []
  if (a.text !== b.text) differences.push({ where, aspect: "text", what: textDifference(a.text, b.text) })
  if (show(a.links) !== show(b.links)) differences.push({ where, aspect: "links", what: listDifference(a.links, b.links) })
  if (show(a.seo) !== show(b.seo)) differences.push({ where, aspect: "seo", what: recordDifference(a.seo, b.seo) })
  if (show(a.jsonLd) !== show(b.jsonLd)) differences.push({ where, aspect: "jsonLd", what: textDifference(show(a.jsonLd), show(b.jsonLd)) })
  return differences
}

/** Everything that differs between two snapshots, page by page in address order, then the files. */
export function siteDifferences(a: SiteSnapshot, b: SiteSnapshot): Difference[] {
  const differences: Difference[] = []
  const pagesA = Object.keys(a.pages)
  const pagesB = Object.keys(b.pages)
  if (show(pagesA) !== show(pagesB)) differences.push({ where: "(every page)", aspect: "pages", what: listDifference(pagesA, pagesB) })
  for (const where of pagesA.filter((page) => page in b.pages)) differences.push(...pageDifferences(where, a.pages[where]!, b.pages[where]!))
  for (const file of [...new Set([...Object.keys(a.files), ...Object.keys(b.files)])]) {
    const [fileA, fileB] = [show(a.files[file]), show(b.files[file])]
    if (fileA !== fileB) differences.push({ where: file, aspect: "files", what: textDifference(fileA, fileB) })
  }
  return differences
}

/** The first `limit` differences, one line each, and how many more there are. */
export function describeDifferences(differences: readonly Difference[], limit = 12): string {
  const lines = differences.slice(0, limit).map(({ where, aspect, what }) => `- ${where} (${aspect}): ${what}`)
  if (differences.length > limit) lines.push(`… and ${differences.length - limit} more`)
  return lines.join("\n")
}
