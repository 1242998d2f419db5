import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { PROJECT_ROOT } from "../../../node-kit/process/processes"
import { runInNewProcess } from "../../helpers/new-process"

// patches/gatsby+5.16.1.patch: before building the schema, Gatsby read every node of every type to
// gather inference metadata, the nodes of types declared @dontInfer too, whose metadata nothing uses.
// It now reads only the nodes of types it infers. Each run is a new process with its own datastore.

const gatsbyDist = path.join(PROJECT_ROOT, "node_modules", "gatsby", "dist")

/** Creates a declared type's nodes, an undeclared type's and a page's node, builds the schema, and counts the nodes read per type. */
const BUILD_SCHEMA = `
const dist = process.argv[2]
const { store } = require(dist + "/redux")
const { actions } = require(dist + "/redux/actions")
const { getDataStore } = require(dist + "/datastore")
const { build } = require(dist + "/schema")
store.dispatch({ type: "SET_PROGRAM", payload: { directory: process.cwd() } })
const source = { name: "a-source-plugin" }
const node = (id, type, fields) => ({ id, parent: null, children: [], internal: { type, contentDigest: id }, ...fields })
store.dispatch({ type: "CREATE_TYPES", plugin: source, payload: "type Declared implements Node @dontInfer { title: String }" })
for (let i = 0; i < 3; i++) store.dispatch(actions.createNode(node("declared-" + i, "Declared", { title: "t" + i, extra: i }), source))
for (let i = 0; i < 2; i++) store.dispatch(actions.createNode(node("inferred-" + i, "Inferred", { title: "t" + i, count: i }), source))
const page = { path: "/a/", component: "/site/a.js", internalComponentName: "ComponentA", componentChunkName: "component---a", context: { id: "1" } }
store.dispatch(actions.createNode(node("SitePage /a/", "SitePage", page), { name: "internal-data-bridge" }))
const read = {}
const iterate = getDataStore().iterateNodesByType
getDataStore().iterateNodesByType = (type) => {
  read[type] = (read[type] || 0) + 1
  return iterate(type)
}
build({}).then(() => {
  const schema = store.getState().schema
  const fields = (type) => Object.keys(schema.getType(type).getFields()).sort()
  process.stdout.write(JSON.stringify({ read, declared: fields("Declared"), inferred: fields("Inferred"), sitePage: fields("SitePage") }))
  process.exit(0)
})
`

interface SchemaBuild {
  read: Record<string, number>
  declared: string[]
  inferred: string[]
  sitePage: string[]
}

describe("Gatsby's schema build, patched: no node of a type declared @dontInfer is read for inference", () => {
  let build: SchemaBuild
  beforeAll(() => {
    const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), "schema-inference-"))
    try {
      build = JSON.parse(runInNewProcess(BUILD_SCHEMA, [gatsbyDist], siteDir)) as SchemaBuild
    } finally {
      fs.rmSync(siteDir, { recursive: true, force: true })
    }
  })

  it("leaves the nodes of the site's declared types and of Gatsby's page type unread", () => {
    expect(build.read.Declared).toBeUndefined()
    expect(build.read.SitePage).toBeUndefined()
  })

  it("still infers an undeclared type's fields from its nodes, and gives the declared types their declared fields only", () => {
    expect(build.read.Inferred).toBeGreaterThan(0)
    expect(build.inferred).toEqual(["children", "count", "id", "internal", "parent", "title"])
    expect(build.declared).toEqual(["children", "id", "internal", "parent", "title"])
    expect(build.sitePage).toEqual([
      "children",
      "component",
      "componentChunkName",
      "id",
      "internal",
      "internalComponentName",
      "matchPath",
      "pageContext",
      "parent",
      "path",
      "pluginCreator",
    ])
  })
})
