import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { PROJECT_ROOT } from "../node-kit/process/processes"
import { runInNewProcess } from "./helpers/new-process"

// patches/gatsby+5.16.1.patch keeps Gatsby's query file parser cache in
// `.cache/caches` so that a warm build does not parse every file with babel
// again. Each run below is a separate Node process, as each `gatsby build` is:
// the only thing that carries from one to the next is the cache on disk.
const gatsbyDist = path.join(PROJECT_ROOT, "node_modules", "gatsby", "dist")

/** Extracts queries from `files` as Gatsby's query compiler does, counting babel parses. */
const PARSE_IN_A_NEW_PROCESS = `
const [dist, siteDir, files] = [process.argv[2], process.argv[3], JSON.parse(process.argv[4])]
const { store } = require(dist + "/redux")
store.dispatch({ type: "SET_PROGRAM", payload: { directory: siteDir } })
const babel = require(dist + "/utils/babel-parse-to-ast")
const parse = babel.babelParseToAst
let babelParses = 0
babel.babelParseToAst = (...args) => { babelParses += 1; return parse(...args) }
const FileParser = require(dist + "/query/file-parser").default
const { print } = require(require.resolve("graphql", { paths: [dist] }))
const errors = []
new FileParser().parseFiles(files, (error) => errors.push(error.id)).then((documents) => {
  const described = documents.map(({ doc, ...rest }) => ({ ...rest, printed: print(doc), doc: JSON.stringify(doc) }))
  process.stdout.write(JSON.stringify({ babelParses, errors, documents: described }))
})
`

interface ParseRun {
  babelParses: number
  errors: string[]
  documents: Array<{ filePath: string; printed: string; doc: string; hash: number; isStaticQuery: boolean }>
}

function parseInNewProcess(siteDir: string, files: string[]): ParseRun {
  return JSON.parse(runInNewProcess(PARSE_IN_A_NEW_PROCESS, [gatsbyDist, siteDir, JSON.stringify(files)], siteDir)) as ParseRun
}

const TEMPLATE = `import * as React from "react"
import { graphql, useStaticQuery, Slice } from "gatsby"

export const fragment = graphql\`
  fragment EpisodeCard on Episode {
    title
  }
\`

export default function Episode() {
  const site = useStaticQuery(graphql\`
    {
      site {
        siteMetadata {
          title
        }
      }
    }
  \`)
  return <Slice alias="footer" />
}

export const query = graphql\`
  query EpisodePage($id: String!) {
    episode(id: { eq: $id }) {
      ...EpisodeCard
    }
  }
\`
`
// A JavaScript syntax error: Gatsby reports it (85911) and returns no documents
const BROKEN = `import { graphql } from "gatsby"
export const query = graphql\`query Broken { site { id } }\`
export default function Broken( {
`

describe("Gatsby's query file parser, patched", () => {
  let siteDir: string
  let template: string
  let broken: string

  beforeEach(() => {
    siteDir = fs.mkdtempSync(path.join(os.tmpdir(), "file-parser-"))
    fs.mkdirSync(path.join(siteDir, "src"))
    template = path.join(siteDir, "src", "episode.tsx")
    broken = path.join(siteDir, "src", "broken.tsx")
    fs.writeFileSync(template, TEMPLATE)
  })
  afterEach(() => fs.rmSync(siteDir, { recursive: true, force: true }))

  it("gives the next process the same query documents without parsing the file again", () => {
    const first = parseInNewProcess(siteDir, [template])
    const second = parseInNewProcess(siteDir, [template])

    expect(first.babelParses).toBe(1)
    expect(first.documents.map((document) => document.printed).join("\n")).toMatch(/query EpisodePage/)
    // The anonymous static query gets the name Gatsby generates from its file and hash
    expect(first.documents.map((document) => document.printed).join("\n")).toMatch(/query static\w+/)
    expect(second.babelParses).toBe(0)
    expect(second.documents).toEqual(first.documents)
  })

  it("parses a changed file again and returns its new query", () => {
    parseInNewProcess(siteDir, [template])
    fs.writeFileSync(template, TEMPLATE.replace("    title\n", "    title\n    duration\n"))

    const afterEdit = parseInNewProcess(siteDir, [template])

    expect(afterEdit.babelParses).toBe(1)
    expect(afterEdit.documents.find((document) => document.printed.includes("fragment EpisodeCard"))?.printed).toMatch(/duration/)
  })

  it("reports a file that does not parse in every process, not only the first", () => {
    fs.writeFileSync(broken, BROKEN)

    const first = parseInNewProcess(siteDir, [broken])
    const second = parseInNewProcess(siteDir, [broken])

    expect(first.errors).toEqual(["85911"])
    expect(second.errors).toEqual(["85911"])
    expect(second.babelParses).toBe(1)
  })
})

// The same patch compiles gatsby-config/gatsby-node with esbuild (Parcel, in a
// worker process, took 4-8 s of a cold build), and skips the compile when
// nothing they are built from has changed since the last one.
const COMPILE_IN_A_NEW_PROCESS = `
const [dist, siteDir] = [process.argv[2], process.argv[3]]
require(dist + "/utils/parcel/compile-gatsby-files").compileGatsbyFiles(siteDir).then(() => process.exit(0))
`

function compileInNewProcess(siteDir: string): { compiled: string; writtenAt: number } {
  runInNewProcess(COMPILE_IN_A_NEW_PROCESS, [gatsbyDist, siteDir], siteDir)
  const output = path.join(siteDir, ".cache", "compiled", "gatsby-config.js")
  return { compiled: fs.readFileSync(output, "utf8"), writtenAt: fs.statSync(output).mtimeMs }
}

describe("Gatsby's compile of gatsby-* files, patched", () => {
  let siteDir: string

  beforeAll(() => {
    siteDir = fs.mkdtempSync(path.join(os.tmpdir(), "compile-gatsby-files-"))
    fs.mkdirSync(path.join(siteDir, "src"))
    fs.writeFileSync(path.join(siteDir, "package.json"), JSON.stringify({ name: "compile-fixture", private: true }))
    fs.writeFileSync(path.join(siteDir, "gatsby-config.ts"), 'import { title } from "./src/title"\nexport default { siteMetadata: { title } }\n')
    fs.writeFileSync(path.join(siteDir, "src", "title.ts"), 'export const title = "first title"\n')
  })
  afterAll(() => fs.rmSync(siteDir, { recursive: true, force: true }))

  it("keeps the compiled files when no input changed, and compiles again when a module they import changes", () => {
    const first = compileInNewProcess(siteDir)
    const unchanged = compileInNewProcess(siteDir)
    fs.writeFileSync(path.join(siteDir, "src", "title.ts"), 'export const title = "second title"\n')
    const afterEdit = compileInNewProcess(siteDir)

    expect(first.compiled).toContain("first title")
    // Not written again: Gatsby empties the folder before every compile
    expect(unchanged.writtenAt).toBe(first.writtenAt)
    expect(afterEdit.compiled).toContain("second title")
  })

  it("writes the compiled files unminified, so a build error's stack trace names a readable line", () => {
    const { compiled } = compileInNewProcess(siteDir)
    // Terser would join the module into one line and drop the names it may rename.
    expect(compiled.split("\n").length).toBeGreaterThan(5)
    expect(compiled).toMatch(/\btitle\b.*=.*"(first|second) title"/)
  })
})

/** Loads the compiled gatsby-config and a local plugin's gatsby-node as Gatsby does, and prints what they export. */
const LOAD_COMPILED = `
const siteDir = process.argv[2]
const config = require(siteDir + "/.cache/compiled/gatsby-config.js")
const plugin = require(siteDir + "/.cache/compiled/plugins/own-plugin/gatsby-node.js")
process.stdout.write(JSON.stringify({ config: config.default.siteMetadata, plugin: { here: plugin.here, apis: Object.keys(plugin) } }))
`

describe("Gatsby's compile of gatsby-* files, patched: what the compiled files do", () => {
  let parent: string
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, text)
  }

  beforeEach(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), "compiled-gatsby-files-"))
  })
  afterEach(() => fs.rmSync(parent, { recursive: true, force: true }))

  it("gives each source file its own __dirname and __filename, still right once the workspace has moved", () => {
    const siteDir = path.join(parent, "workspace")
    write(path.join(siteDir, "package.json"), JSON.stringify({ name: "compile-fixture", private: true }))
    write(path.join(siteDir, "src", "where.ts"), "export const where: string = __dirname\nexport const strict = (function (this: unknown) { return this === undefined })()\n")
    write(path.join(siteDir, "gatsby-config.ts"), 'import { where, strict } from "./src/where"\nexport default { siteMetadata: { where, file: __filename, strict } }\n')
    write(path.join(siteDir, "plugins", "own-plugin", "gatsby-node.ts"), "export const here = __dirname\nexport const onPreInit = () => {}\n")
    compileInNewProcess(siteDir)
    // The build room moves workspaces, and the preview's first build starts from a copy of the live one.
    const moved = path.join(parent, "moved")
    fs.renameSync(siteDir, moved)

    const loaded = JSON.parse(runInNewProcess(LOAD_COMPILED, [moved], moved)) as {
      config: { where: string; file: string; strict: boolean }
      plugin: { here: string; apis: string[] }
    }
    // A module, as TypeScript's are, runs in strict mode.
    expect(loaded.config).toEqual({ where: path.join(moved, "src"), file: path.join(moved, "gatsby-config.ts"), strict: true })
    expect(loaded.plugin.here).toBe(path.join(moved, "plugins", "own-plugin"))
    expect(loaded.plugin.apis).toEqual(expect.arrayContaining(["here", "onPreInit"]))
  })

  it("stops with the file, line and column of a source that does not compile", () => {
    const siteDir = path.join(parent, "broken")
    write(path.join(siteDir, "package.json"), JSON.stringify({ name: "compile-fixture", private: true }))
    write(path.join(siteDir, "gatsby-config.ts"), 'import { title } from "./src/title"\nexport default { siteMetadata: { title } }\n')
    write(path.join(siteDir, "src", "title.ts"), 'export const title = "unclosed\n')

    let failure: { status: number; output: string } | undefined
    try {
      runInNewProcess(COMPILE_IN_A_NEW_PROCESS, [gatsbyDist, siteDir], siteDir)
    } catch (error) {
      const { status, stdout, stderr } = error as { status: number; stdout: string; stderr: string }
      failure = { status, output: `${stdout}${stderr}` }
    }
    expect(failure?.status).not.toBe(0)
    expect(failure?.output).toContain(path.join(siteDir, "src", "title.ts"))
    expect(failure?.output).toMatch(/line 1, column \d+/)
  })
})

/** Runs Gatsby's Functions step (its internal plugin's onPreBootstrap) as `gatsby build` does; prints whether webpack ran. */
const FUNCTIONS_IN_A_NEW_PROCESS = `
const [dist, siteDir] = [process.argv[2], process.argv[3]]
const { store } = require(dist + "/redux")
store.dispatch({ type: "SET_PROGRAM", payload: { directory: siteDir } })
store.dispatch({ type: "SET_SITE_CONFIG", payload: { pathPrefix: "" } })
store.dispatch({ type: "SET_SITE_FLATTENED_PLUGINS", payload: [] })
const webpack = require(require.resolve("webpack", { paths: [dist] }))
let webpackRuns = 0
const run = webpack.Compiler.prototype.run
webpack.Compiler.prototype.run = function (...args) { webpackRuns += 1; return run.apply(this, args) }
const failures = []
const activity = { start() {}, end() {}, panic: (error) => failures.push(String(error.error || error)) }
const reporter = { activityTimer: () => activity, error: (message) => failures.push(String(message)), warn() {} }
require(dist + "/internal-plugins/functions/gatsby-node").onPreBootstrap({ reporter, store }).then(() => {
  process.stdout.write(JSON.stringify({ webpackRuns, failures, functions: store.getState().functions.map((f) => f.functionRoute) }))
})
`

describe("Gatsby Functions, patched: no webpack run for a site without functions", () => {
  let siteDir: string
  const compile = () => JSON.parse(runInNewProcess(FUNCTIONS_IN_A_NEW_PROCESS, [gatsbyDist, siteDir], siteDir)) as { webpackRuns: number; failures: string[]; functions: string[] }

  beforeEach(() => {
    siteDir = fs.mkdtempSync(path.join(os.tmpdir(), "gatsby-functions-"))
    fs.writeFileSync(path.join(siteDir, "package.json"), JSON.stringify({ name: "functions-fixture", private: true }))
  })
  afterEach(() => fs.rmSync(siteDir, { recursive: true, force: true }))

  it("skips the compile when the site has no function, and says there are none", () => {
    expect(compile()).toEqual({ webpackRuns: 0, failures: [], functions: [] })
    expect(JSON.parse(fs.readFileSync(path.join(siteDir, ".cache", "functions", "manifest.json"), "utf8"))).toEqual([])
  })

  it("still compiles a site's functions", () => {
    fs.mkdirSync(path.join(siteDir, "src", "api"), { recursive: true })
    fs.writeFileSync(path.join(siteDir, "src", "api", "hello.js"), 'export default function handler(req, res) { res.send("hello") }\n')
    expect(compile()).toEqual({ webpackRuns: 1, failures: [], functions: ["hello"] })
    expect(fs.readFileSync(path.join(siteDir, ".cache", "functions", "hello.js"), "utf8")).toContain('"hello"')
  })
})

describe("Gatsby's build command, patched: a build loads develop's and typegen's modules only when it uses them", () => {
  const LOADED = `
const dist = process.argv[2]
require(dist + "/commands/build")
require(dist + "/internal-plugins/functions/gatsby-node")
const loaded = (file) => Boolean(require.cache[require.resolve(dist + file)])
const loadedPackage = (name) => Boolean(require.cache[require.resolve(name, { paths: [dist] })])
const unloaded = {
  webpackConfig: loaded("/utils/webpack.config.js"),
  developServer: loaded("/utils/start-server.js"),
  typegen: loaded("/utils/graphql-typegen/ts-codegen.js"),
  parcel: loadedPackage("@parcel/core"),
  engineBundler: loaded("/schema/graphql-engine/bundle-webpack.js"),
  functionsMiddleware: loaded("/internal-plugins/functions/middleware.js"),
}
const { DEFAULT_TYPES_OUTPUT_PATH, DEFAULT_DOCUMENT_SEARCH_PATHS } = require(dist + "/utils/graphql-typegen/ts-codegen")
const joiDefaults = require(dist + "/joi-schemas/joi").gatsbyConfigSchema.validate({ graphqlTypegen: true }).value.graphqlTypegen
const services = require(dist + "/services")
process.stdout.write(JSON.stringify({
  ...unloaded,
  joiDefaults,
  codegenDefaults: { typesOutputPath: DEFAULT_TYPES_OUTPUT_PATH, documentSearchPaths: DEFAULT_DOCUMENT_SEARCH_PATHS },
  services: [typeof services.startWebpackServer, typeof services.graphQLTypegen],
  buildJavascript: typeof require(dist + "/commands/build-javascript").buildProductionBundle,
}))
`
  // Parcel (compiles gatsby-* files only when they changed), the GraphQL engine's bundler (DSG and SSR
  // pages only) and the Functions middleware (develop's server only) are each required where they are used.
  it("leaves webpack's configuration, develop's server, GraphQL Codegen, Parcel, the engine bundler and the Functions middleware unloaded until asked for, and still hands them out", () => {
    const run = JSON.parse(runInNewProcess(LOADED, [gatsbyDist], PROJECT_ROOT)) as Record<string, unknown>
    expect(run).toEqual({
      webpackConfig: false,
      developServer: false,
      typegen: false,
      parcel: false,
      engineBundler: false,
      functionsMiddleware: false,
      // The configuration's typegen defaults are still GraphQL Codegen's own.
      joiDefaults: { generateOnBuild: false, typesOutputPath: "src/gatsby-types.d.ts", documentSearchPaths: ["./gatsby-node.ts", "./plugins/**/gatsby-node.ts"] },
      codegenDefaults: { typesOutputPath: "src/gatsby-types.d.ts", documentSearchPaths: ["./gatsby-node.ts", "./plugins/**/gatsby-node.ts"] },
      services: ["function", "function"],
      buildJavascript: "function",
    })
  })
})

/**
 * Validates one local plugin's options as Gatsby's load-plugins does; answers the options as
 * validated (defaults in), whether Gatsby stopped the build, and how often the schema was described.
 */
const VALIDATE_IN_A_NEW_PROCESS = `
const [dist, siteDir, options] = [process.argv[2], process.argv[3], JSON.parse(process.argv[4])]
const { validateConfigPluginsOptions } = require(dist + "/bootstrap/load-plugins/validate")
const config = { plugins: [{ resolve: "fixture-plugin", options }] }
const realExit = process.exit
process.exit = (code) => {
  process.stdout.write("\\nRESULT " + JSON.stringify({ stopped: code !== 0, options: null, describes: global.describes || 0 }))
  realExit(0)
}
validateConfigPluginsOptions(config, siteDir).then(() => {
  process.stdout.write("\\nRESULT " + JSON.stringify({ stopped: false, options: config.plugins[0].options, describes: global.describes || 0 }))
})
`

describe("Gatsby's plugin options validation, patched: a schema is not described to find its plugins key", () => {
  let siteDir: string
  /** A local plugin whose schema has a `size` with a default, and `plugins` rule of its own when `ownPlugins`. */
  function plugin(ownPlugins: boolean): void {
    const folder = path.join(siteDir, "plugins", "fixture-plugin")
    fs.mkdirSync(folder, { recursive: true })
    fs.writeFileSync(path.join(folder, "package.json"), JSON.stringify({ name: "fixture-plugin", version: "1.0.0" }))
    const keys = ownPlugins ? "size: Joi.number().default(3), plugins: Joi.array().min(1)" : "size: Joi.number().default(3)"
    fs.writeFileSync(
      path.join(folder, "gatsby-node.js"),
      `exports.pluginOptionsSchema = ({ Joi }) => {
  const schema = Joi.object({ ${keys} })
  const describe = schema.describe.bind(schema)
  schema.describe = () => { global.describes = (global.describes || 0) + 1; return describe() }
  return schema
}\n`,
    )
  }
  // Gatsby's reporter prints its errors on stdout too: the answer is the line after them.
  const validate = (options: object) =>
    JSON.parse(
      runInNewProcess(VALIDATE_IN_A_NEW_PROCESS, [gatsbyDist, siteDir, JSON.stringify(options)], siteDir)
        .split("\nRESULT ")
        .at(-1) ?? "",
    ) as {
      stopped: boolean
      options: object | null
      describes: number
    }

  beforeEach(() => {
    siteDir = fs.mkdtempSync(path.join(os.tmpdir(), "gatsby-plugin-options-"))
    fs.writeFileSync(path.join(siteDir, "package.json"), JSON.stringify({ name: "plugin-options-fixture", private: true }))
  })
  afterEach(() => fs.rmSync(siteDir, { recursive: true, force: true }))

  it("validates a schema without a plugins key with Gatsby's own rule, no sub-plugin, and fills in defaults", () => {
    plugin(false)
    expect(validate({ plugins: [] })).toEqual({ stopped: false, options: { plugins: [], size: 3 }, describes: 0 })
    expect(validate({ plugins: ["gatsby-plugin-other"] })).toMatchObject({ stopped: true })
  })

  it("keeps a schema's own plugins rule", () => {
    plugin(true)
    expect(validate({ plugins: [] })).toMatchObject({ stopped: true, describes: 0 })
  })
})
