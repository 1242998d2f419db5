import crypto from "node:crypto"
import fsSync from "node:fs"
import path from "node:path"
import { readMemoFile, writeMemoFile } from "../../../../node-kit/storage/memo-file"

/** A description as the page shows it: the sanitised HTML and its plain text. */
export interface DescriptionFields {
  description: string | null
  descriptionText: string | null
}

type Entry = [html: string, description: string | null, descriptionText: string | null]

interface MemoFile {
  code: string
  entries: Entry[]
}

const FILE = "description-fields.json"

/** The source files the fields are made by: the sanitiser's options, the fields' builder, and the HTML-to-text rules. */
const MAKERS = [
  path.join(__dirname, "sanitize.ts"),
  path.join(__dirname, "node-builder.ts"),
  ...["html-to-text.ts", "html-text-rules.ts"].map((file) => path.join(__dirname, "..", "..", "..", "..", "contract", "html-text", file)),
]

/** An installed package's version, from the package.json above its entry point (htmlparser2 exports no package.json). */
function packageVersion(name: string): string {
  for (let folder = path.dirname(require.resolve(name)); folder !== path.dirname(folder); folder = path.dirname(folder)) {
    const file = path.join(folder, "package.json")
    if (!fsSync.existsSync(file)) continue
    const manifest = JSON.parse(fsSync.readFileSync(file, "utf8")) as { name?: string; version: string }
    if (manifest.name === name) return manifest.version
  }
  throw new Error(`No package.json of ${name}`)
}

/**
 * What made the fields: the source files that make them and the releases
 * of the two parsers they use. Fields made by other code are made again;
 * when any of it cannot be read, no memo is used.
 */
function codeIdentity(): string {
  const hash = crypto.createHash("md5")
  try {
    for (const file of MAKERS) hash.update(fsSync.readFileSync(file))
    for (const name of ["sanitize-html", "htmlparser2"]) hash.update(`${name}@${packageVersion(name)}`)
  } catch {
    return `unknown ${crypto.randomUUID()}`
  }
  return hash.digest("hex")
}

/**
 * Every description's fields as the last build made them, by the HTML the
 * API sent. Sanitising (sanitize-html's parse and rewrite) and the plain
 * text cost about 0.6 s at 10 000 episodes in a build process, for
 * descriptions of which an edit changes one; both are functions of the HTML
 * alone, so a description sent as before takes the fields made before. The
 * file holds the descriptions of the last build only.
 */
export class DescriptionMemo {
  private readonly used = new Map<string, DescriptionFields>()
  /** Descriptions of this build whose fields the last build made. */
  reused = 0

  constructor(
    private readonly last: ReadonlyMap<string, DescriptionFields>,
    private readonly code: string,
  ) {}

  fields(html: string, make: (html: string) => DescriptionFields): DescriptionFields {
    let fields = this.used.get(html)
    if (fields) return fields
    fields = this.last.get(html)
    if (fields) this.reused += 1
    else fields = make(html)
    this.used.set(html, fields)
    return fields
  }

  /** Written to a temporary file and renamed: a build stopped mid-write leaves the last memo or none. */
  /** Distinct descriptions of this build. */
  get size(): number {
    return this.used.size
  }

  async save(cacheDirectory: string): Promise<void> {
    const file: MemoFile = { code: this.code, entries: [...this.used].map(([html, fields]) => [html, fields.description, fields.descriptionText]) }
    writeMemoFile(path.join(cacheDirectory, FILE), file)
  }
}

/** The last build's memo; an empty one when there is none, when it cannot be read, or when other code made it. */
export function readDescriptionMemo(cacheDirectory: string, code = codeIdentity()): DescriptionMemo {
  const file = readMemoFile<MemoFile>(path.join(cacheDirectory, FILE))
  const entries = file?.code === code && Array.isArray(file.entries) ? file.entries : []
  return new DescriptionMemo(new Map(entries.map(([html, description, descriptionText]) => [html, { description, descriptionText }])), code)
}

let active: DescriptionMemo | undefined

/** Runs the synchronous `build` with `memo` answering for descriptions seen before. */
export function withDescriptionMemo<T>(memo: DescriptionMemo, build: () => T): T {
  active = memo
  try {
    return build()
  } finally {
    active = undefined
  }
}

/** The fields of `html`, from the memo when a build has one. */
export function memoisedFields(html: string, make: (html: string) => DescriptionFields): DescriptionFields {
  return active ? active.fields(html, make) : make(html)
}
