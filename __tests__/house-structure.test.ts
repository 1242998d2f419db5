/**
 * The house rules of docs/reference/architecture.md, checked on the code
 * itself so they cannot drift: which folder may import which, how many files
 * a folder may hold before it needs rooms, and how long a function may grow
 * before it stops reading as one idea.
 */
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { builtinModules } from "node:module"
import path from "node:path"
import ts from "typescript"

const ROOT = path.resolve(__dirname, "..")

/** Longest a function may be, in lines, outside tests, generated types and data. */
const MAX_FUNCTION_LINES = 80

/**
 * Functions that stay longer, each with its reason in docs/reference/architecture.md
 * (none today). Keyed by `file:name`.
 */
const LONG_ON_PURPOSE = new Set<string>([])

function trackedSources(): string[] {
  return execFileSync("git", ["ls-files", "*.ts", "*.tsx"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((file) => file !== "" && !file.startsWith("__tests__/") && !file.endsWith(".d.ts"))
}

/** Most source files one folder may hold itself; past it, a reader can no longer take the folder in at a glance. */
const MAX_FILES_IN_A_FOLDER = 12

/** How many tracked source files (tests and scripts too) each folder holds directly. */
function sourceFilesPerFolder(): Map<string, number> {
  const counts = new Map<string, number>()
  execFileSync("git", ["ls-files", "*.ts", "*.tsx", "*.js", "*.mjs", "*.cjs"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((file) => file !== "")
    .forEach((file) => counts.set(path.posix.dirname(file), (counts.get(path.posix.dirname(file)) ?? 0) + 1))
  return counts
}

/**
 * The publisher's floors (publisher/README.md, "Folders"), lowest first:
 * config.ts is the ground every floor reads, main.ts (and index.ts beside it) the top.
 */
const PUBLISHER_FLOORS: readonly string[] = ["config", "releases", "cdn", "jobs", "http", "process", "main"]
const PUBLISHER_SOURCE = path.join("publisher", "src")

/** The floor of a path under publisher/src, as its index in PUBLISHER_FLOORS (-1: on none). */
function publisherFloor(projectPath: string): number {
  const top = path.relative(PUBLISHER_SOURCE, projectPath).split(path.sep)[0]!.replace(/\.ts$/, "")
  return PUBLISHER_FLOORS.indexOf(top === "index" ? "main" : top)
}

/** Generated code and seed data are not read as design: they are data. */
const isData = (file: string) => file.startsWith("cms/src/seed/")

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true)
}

function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText()
  const parent = node.parent
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) return parent.name.getText()
  return "(anonymous)"
}

function longFunctions(file: string): string[] {
  const source = parse(file)
  const found: string[] = []
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const lines = lineOf(node.end) - lineOf(node.getStart()) + 1
      if (lines > MAX_FUNCTION_LINES) found.push(`${file}:${nameOf(node as ts.FunctionLikeDeclaration)} (${lines} lines)`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Every module specifier a file imports or re-exports, as written. */
function importSpecifiers(file: string): string[] {
  const source = parse(file)
  const specifiers: string[] = []
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text)
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0]!)) {
      const callee = node.expression.getText()
      if (callee === "require" || node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        specifiers.push((node.arguments[0] as ts.StringLiteral).text)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return specifiers
}

/** Every relative import of a file, resolved to a project path. */
function importedPaths(file: string): string[] {
  return importSpecifiers(file)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier)))
}

const topFolder = (projectPath: string) => projectPath.split(path.sep)[0]!

/** The tracked source file an import resolves to, if it is one of ours. */
function resolveSource(target: string, sources: Set<string>): string | undefined {
  return [".ts", ".tsx", "/index.ts", "/index.tsx", ""].map((ending) => `${target}${ending}`).find((file) => sources.has(file))
}

/** The first import circle between source files, as the files around it; none is `[]`. */
function firstImportCircle(sources: string[]): string[] {
  const known = new Set(sources)
  const edges = new Map(sources.map((file) => [file, importedPaths(file).flatMap((target) => resolveSource(target, known) ?? [])]))
  const state = new Map<string, "open" | "done">()
  const trail: string[] = []
  const visit = (file: string): string[] => {
    if (state.get(file) === "done") return []
    if (state.get(file) === "open") return [...trail.slice(trail.indexOf(file)), file]
    state.set(file, "open")
    trail.push(file)
    for (const next of edges.get(file) ?? []) {
      const circle = visit(next)
      if (circle.length > 0) return circle
    }
    trail.pop()
    state.set(file, "done")
    return []
  }
  for (const file of sources) {
    const circle = visit(file)
    if (circle.length > 0) return circle
  }
  return []
}

describe("the house's structure", () => {
  const sources = trackedSources()

  it("reads the project's sources", () => {
    expect(sources).toEqual(expect.arrayContaining(["gatsby-node.ts", "contract/schemas.ts"]))
  })

  it("has no function over 80 lines outside tests, generated types and data, but those the architecture reference names", () => {
    const long = sources.filter((file) => !isData(file)).flatMap(longFunctions)
    const unexplained = long.filter((entry) => !LONG_ON_PURPOSE.has(entry.replace(/ \(\d+ lines\)$/, "")))
    expect(unexplained).toEqual([])
  })

  it("has no folder that holds more than 12 source files itself: past that, its files go into rooms by concern", () => {
    const crowded = [...sourceFilesPerFolder()].filter(([, count]) => count > MAX_FILES_IN_A_FOLDER).map(([folder, count]) => `${folder} (${count} files)`)
    expect(crowded).toEqual([])
  })

  it("has no import circle between files", () => {
    expect(firstImportCircle(sources)).toEqual([])
  })

  it.each([
    ["code outside scripts/", (file: string) => topFolder(file) !== "scripts", ["scripts"]],
    ["the local plugins", (file: string) => file.startsWith("plugins/"), ["src", "gatsby", "scripts", "cms", "publisher"]],
    ["the shared Node kit", (file: string) => file.startsWith("node-kit/"), ["src", "gatsby", "plugins", "scripts", "cms", "publisher"]],
    ["the contract", (file: string) => file.startsWith("contract/"), ["src", "gatsby", "plugins", "scripts", "cms", "publisher", "node-kit"]],
    // The build code reads the site (templates' paths, routes, page-context types), the contract and the kit.
    ["the site's build code", (file: string) => file.startsWith("gatsby/"), ["plugins", "scripts", "cms", "publisher"]],
    ["the site", (file: string) => file.startsWith("src/"), ["gatsby", "plugins", "scripts", "cms", "publisher"]],
    ["the reference server", (file: string) => file.startsWith("cms/"), ["src", "gatsby", "plugins", "scripts", "publisher"]],
    // The conformance kit checks any backend from outside, with the contract's own rules and the Node kit alone.
    ["the conformance kit", (file: string) => file.startsWith("conformance/"), ["src", "gatsby", "plugins", "scripts", "cms", "publisher"]],
  ] as const)("%s imports no folder above it", (_, isInside, forbidden) => {
    const upward = sources
      .filter(isInside)
      .flatMap((file) => importedPaths(file).map((target) => ({ file, target })))
      .filter(({ target }) => (forbidden as readonly string[]).includes(topFolder(target)))
      .map(({ file, target }) => `${file} -> ${target}`)
    expect(upward).toEqual([])
  })

  it("src/ imports no build code (gatsby/) and no node: modules: it ships to visitors", () => {
    const nodeBuiltIns = new Set(builtinModules)
    const resolved = (file: string, specifier: string) => path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier))
    const offending = sources
      .filter((file) => file.startsWith("src/"))
      .flatMap((file) => importSpecifiers(file).map((specifier) => ({ file, specifier })))
      .filter(
        ({ file, specifier }) => specifier.startsWith("node:") || nodeBuiltIns.has(specifier) || (specifier.startsWith(".") && topFolder(resolved(file, specifier)) === "gatsby"),
      )
      .map(({ file, specifier }) => `${file} -> ${specifier}`)
    expect(offending).toEqual([])
  })

  it("only the Gatsby hook files and scripts/ import the build code in gatsby/", () => {
    const mayImport = (file: string) => ["gatsby-node.ts", "gatsby-config.ts", "gatsby-ssr.tsx"].includes(file) || ["gatsby", "scripts"].includes(topFolder(file))
    const importers = sources
      .filter((file) => !mayImport(file))
      .flatMap((file) => importedPaths(file).map((target) => ({ file, target })))
      .filter(({ target }) => topFolder(target) === "gatsby")
      .map(({ file, target }) => `${file} -> ${target}`)
    expect(importers).toEqual([])
  })

  it("only scripts/ import the conformance kit (its command runs it; tests call runConformance)", () => {
    const importers = sources
      .filter((file) => !["conformance", "scripts"].includes(topFolder(file)))
      .flatMap((file) => importedPaths(file).map((target) => ({ file, target })))
      .filter(({ target }) => topFolder(target) === "conformance")
      .map(({ file, target }) => `${file} -> ${target}`)
    expect(importers).toEqual([])
  })

  const publisherSources = sources.filter((file) => file.startsWith(`${PUBLISHER_SOURCE}${path.sep}`))

  it("puts every publisher source file on one of its floors", () => {
    expect(publisherSources).toEqual(expect.arrayContaining(["publisher/src/main.ts", "publisher/src/config.ts", "publisher/src/jobs/store/job-store.ts"]))
    expect(publisherSources.filter((file) => publisherFloor(file) < 0)).toEqual([])
  })

  it("inside publisher/src, no floor imports one above it", () => {
    const upward = publisherSources
      .flatMap((file) => importedPaths(file).map((target) => ({ file, target })))
      .filter(({ file, target }) => target.startsWith(`${PUBLISHER_SOURCE}${path.sep}`) && publisherFloor(target) > publisherFloor(file))
      .map(({ file, target }) => `${file} -> ${target}`)
    expect(upward).toEqual([])
  })

  // Inside src/: templates and pages use components, which use everything below; nothing below reaches back up.
  const insideAny = (file: string, folders: readonly string[]) => folders.some((folder) => file.startsWith(`${folder}/`))
  it.each([
    ["templates/ and pages/", ["src/templates", "src/pages"], ["src/templates", "src/pages"]],
    ["components/", ["src/components"], ["src/components", "src/templates", "src/pages"]],
  ] as const)("inside src/, nothing below %s imports it", (_, floor, floorAndAbove) => {
    const upward = sources
      .filter((file) => file.startsWith("src/") && !insideAny(file, floorAndAbove))
      .flatMap((file) => importedPaths(file).map((imported) => ({ file, imported })))
      .filter(({ imported }) => insideAny(imported, floor))
      .map(({ file, imported }) => `${file} -> ${imported}`)
    expect(upward).toEqual([])
  })
})
