import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import ts from "typescript"

/**
 * The pointers a reader of the code follows: repository paths named in
 * comments (`publisher/src/jobs/publish-job.ts`, `docs/guides/testing.md`)
 * and docs cited by name (`catalogue-api.md`). Each must lead to a file or
 * folder that exists, or the reader is sent nowhere.
 */

/** A pointer that leads nowhere: where it is written, and what it names. */
export interface BrokenPointer {
  file: string
  line: number
  target: string
}

export const describeBroken = ({ file, line, target }: BrokenPointer) => `${file}:${line}: ${target}`

/** A comment's text and the line it starts on (1-based). */
export interface Comment {
  line: number
  text: string
}

/** The folders at the top of the repository a path in prose starts with. */
const REPO_TOP = "src|gatsby|plugins|publisher|cms|conformance|node-kit|contract|scripts|__tests__|docs|patches|static|deploy|integrations|\\.ci"

/** Files whose comments are read: the code, the VCL and the shell scripts. */
export const COMMENTED = /\.(ts|tsx|js|mjs|cjs|vcl|sh)$/

const lineAt = (text: string, offset: number) => text.slice(0, offset).split("\n").length

/** Comments of TypeScript or JavaScript, read by the compiler's own scanner, so strings, templates and regexes never pass for one. */
function scriptComments(file: string, text: string): Comment[] {
  const kind = /\.tsx$/.test(file) ? ts.ScriptKind.TSX : /\.[mc]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const seen = new Map<number, Comment>()
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (!seen.has(range.pos)) seen.set(range.pos, { line: lineAt(text, range.pos), text: text.slice(range.pos, range.end) })
    }
  }
  // The text between JSX tags is the page's, not trivia, even where it holds a "//".
  const jsxTexts: ts.TextRange[] = []
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.JsxText) {
      jsxTexts.push(node)
      return
    }
    collect(ts.getLeadingCommentRanges(text, node.pos))
    collect(ts.getTrailingCommentRanges(text, node.end))
    for (const child of node.getChildren(source)) visit(child)
  }
  visit(source)
  for (const range of jsxTexts) {
    for (const pos of seen.keys()) if (pos >= range.pos && pos < range.end) seen.delete(pos)
  }
  return [...seen.values()].sort((a, b) => a.line - b.line)
}

/** Comments of a shell script or a VCL file: `#` lines, and VCL's `//` lines (a shebang is no comment). */
function lineComments(file: string, text: string): Comment[] {
  const marker = file.endsWith(".vcl") ? /^\s*(#|\/\/)/ : /^\s*#(?!!)/
  return text.split("\n").flatMap((line, index) => (marker.test(line) ? [{ line: index + 1, text: line }] : []))
}

export function commentsOf(file: string, text: string): Comment[] {
  return /\.(vcl|sh)$/.test(file) ? lineComments(file, text) : scriptComments(file, text)
}

/** Trailing punctuation of prose, and a `:line` or `#anchor` after a path. */
const tidy = (word: string) =>
  word
    .replace(/[:#].*$/, "")
    .replace(/[.,;)'"`]+$/, "")
    .replace(/\/$/, "")

/** Repository paths (`publisher/src/cdn/`, `node-kit/process/logger.ts`) in a piece of prose; not patterns, placeholders or URLs. */
export function repositoryPathsIn(text: string): string[] {
  const pattern = new RegExp(`(?<![\\w./:@-])(?:${REPO_TOP})/[^\\s,;()'"\`]*`, "g")
  return [...text.matchAll(pattern)]
    .map((match) => match[0])
    .filter((word) => !/[{}<>*…$|\\[\]]/.test(word))
    .map(tidy)
}

/** Docs cited by name (`testing.md`, `reference/cdn.md`) in a piece of prose, not as part of a repository path. */
export function docsCitedIn(text: string): string[] {
  const pattern = new RegExp(`(?<![\\w./:@-])(?!(?:${REPO_TOP})/)[\\w.-]+(?:/[\\w.-]+)*\\.md\\b`, "g")
  return [...text.matchAll(pattern)].map((match) => match[0]).filter((word) => !/[*{}<>]/.test(word))
}

/** Where a repository's pointers can lead: its files, its folders, and the places git ignores because the tools write them. */
export interface Repository {
  root: string
  /** Every path in the repository (files and the folders that hold them), from its root. */
  places: Set<string>
  /** Every file by its name, for a doc cited by name. */
  byName: Map<string, string[]>
  isIgnored: (place: string) => boolean
}

export function repositoryAt(root: string): Repository {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((file) => file !== "" && fs.existsSync(path.join(root, file)))
  const places = new Set<string>()
  for (const file of files) {
    for (let place = file; place !== "."; place = path.posix.dirname(place)) places.add(place)
  }
  const ignored = new Map<string, boolean>()
  const isIgnored = (place: string) => {
    if (!ignored.has(place)) {
      ignored.set(
        place,
        [place, `${place}/`].some((candidate) => {
          try {
            execFileSync("git", ["check-ignore", "-q", "--no-index", candidate], { cwd: root })
            return true
          } catch {
            return false
          }
        }),
      )
    }
    return ignored.get(place)!
  }
  const byName = new Map<string, string[]>()
  for (const file of files) byName.set(path.posix.basename(file), [...(byName.get(path.posix.basename(file)) ?? []), file])
  return { root, places, byName, isIgnored }
}

/**
 * Whether a path written in `file` leads somewhere: from the repository's
 * root, from a folder holding `file` (a package names its own files from its
 * folder), or into an installed dependency (`gatsby/dist/commands/build.js`).
 */
function leads(repository: Repository, file: string, target: string): boolean {
  if (fs.existsSync(path.join(repository.root, "node_modules", target))) return true
  for (let base = path.posix.dirname(file); ; base = path.posix.dirname(base)) {
    const place = base === "." ? target : path.posix.join(base, target)
    if (repository.places.has(place)) return true
    if (base === ".") break
  }
  return repository.isIgnored(target)
}

/** The files a doc cited by name can be: by its path from `file`'s folder, or by its name (and trailing folders) anywhere. */
function docsNamed(repository: Repository, file: string, cited: string): string[] {
  if (cited.startsWith("./")) return [path.posix.join(path.posix.dirname(file), cited)].filter((place) => repository.places.has(place))
  return (repository.byName.get(path.posix.basename(cited)) ?? []).filter((place) => place === cited || place.endsWith(`/${cited}`))
}

/** A doc cited by name leads somewhere if some file of the repository has that name (with its folders, if it gives them). */
function docExists(repository: Repository, file: string, cited: string): boolean {
  // A file above the checkout (`../shared/…`) is none of the repository's.
  if (cited.startsWith("../")) return true
  if (cited.includes("/") && !cited.startsWith("./") && leads(repository, file, cited)) return true
  return docsNamed(repository, file, cited).length > 0
}

/** A Markdown file's sections as a reader finds them: its headings, and the bold words that open a paragraph or a list item. */
export function sectionsOf(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, "")
  const headings = [...prose.matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1]!)
  const boldLeads = [...prose.matchAll(/^(?:[-*] |\d+\. )?\*\*([^*]+)\*\*/gm)].map((match) => match[1]!)
  return [...headings, ...boldLeads].map((section) => section.replace(/`/g, "").toLowerCase())
}

/** A comment's prose as one line, and the line each offset in it comes from, so a citation broken over lines is read whole. */
function proseOf(comment: Comment): { prose: string; lineAt: (offset: number) => number } {
  const starts: number[] = []
  let prose = ""
  for (const line of comment.text.split("\n")) {
    starts.push(prose.length)
    prose += `${line.replace(/\*\/\s*$/, "").replace(/^\s*(\/\*+|\*|\/\/+|#)?\s?/, "")} `
  }
  return { prose, lineAt: (offset) => comment.line + starts.filter((start) => start <= offset).length - 1 }
}

/** Sections cited after a doc's name: `testing.md, "Screenshots"`, `operating-the-publisher.md ("Two arrangements")`. */
export function sectionCitesIn(prose: string): { doc: string; section: string; index: number }[] {
  return [...prose.matchAll(/([\w./-]+\.md)(?:,\s*|\s+\(\s*)(?:section\s+)?"([^"]+)"/g)].map((match) => ({ doc: match[1]!, section: match[2]!, index: match.index }))
}

/** Whether some file the cited doc can be has a section that starts with the cited words. */
function sectionExists(repository: Repository, file: string, doc: string, section: string): boolean {
  if (doc.startsWith("../")) return true
  const wanted = section.replace(/\s+/g, " ").toLowerCase()
  return docsNamed(repository, file, doc).some((place) => sectionsOf(fs.readFileSync(path.join(repository.root, place), "utf8")).some((found) => found.startsWith(wanted)))
}

/** The broken pointers in the comments of one file, given its text: paths and docs that do not exist, and sections a cited doc lacks. */
export function brokenPointersIn(repository: Repository, file: string, text: string): BrokenPointer[] {
  return commentsOf(file, text).flatMap((comment) => {
    const named = comment.text.split("\n").flatMap((lineText, offset) => {
      const paths = repositoryPathsIn(lineText).filter((target) => !leads(repository, file, target))
      const docs = docsCitedIn(lineText).filter((target) => !docExists(repository, file, target))
      return [...paths, ...docs].map((target) => ({ file, line: comment.line + offset, target }))
    })
    const { prose, lineAt } = proseOf(comment)
    const sections = sectionCitesIn(prose)
      .filter(({ doc, section }) => docExists(repository, file, doc) && !sectionExists(repository, file, doc, section))
      .map(({ doc, section, index }) => ({ file, line: lineAt(index), target: `${doc}, "${section}" (no such section)` }))
    return [...named, ...sections]
  })
}

/** The docs a Markdown file cites by name that no file of the repository has, and the sections they lack (its links and backticked paths are the docs test's). */
export function brokenCitationsIn(repository: Repository, file: string, text: string): BrokenPointer[] {
  const docs = text
    .split("\n")
    .flatMap((lineText, index) => docsCitedIn(lineText).flatMap((target) => (docExists(repository, file, target) ? [] : [{ file, line: index + 1, target }])))
  const lineAt = (offset: number) => text.slice(0, offset).split("\n").length
  const sections = sectionCitesIn(text.replace(/\n/g, " "))
    .filter(({ doc, section }) => docExists(repository, file, doc) && !sectionExists(repository, file, doc, section))
    .map(({ doc, section, index }) => ({ file, line: lineAt(index), target: `${doc}, "${section}" (no such section)` }))
  return [...docs, ...sections]
}

/** The broken pointers in every commented file of the repository. */
export function brokenPointers(repository: Repository): BrokenPointer[] {
  return [...repository.places]
    .filter((place) => COMMENTED.test(place) && !place.split("/").includes("node_modules") && fs.statSync(path.join(repository.root, place)).isFile())
    .sort()
    .flatMap((file) => brokenPointersIn(repository, file, fs.readFileSync(path.join(repository.root, file), "utf8")))
}
