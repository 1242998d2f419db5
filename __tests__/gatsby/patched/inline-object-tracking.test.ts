import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { PROJECT_ROOT } from "../../../node-kit/process/processes"
import { runInNewProcess } from "../../helpers/new-process"

// patches/gatsby+5.16.1.patch: Gatsby's node model walked every inline object of every node a query
// returned, to find a node from one of its objects later (findRootNodeAncestor), which a site's
// resolvers may never do (decision 0005 has what it cost). The walk now waits for the first lookup, and the nodes waiting are let go when no query runs. A lookup must
// still find the node, in the query that returned it and in a later one. Each run is a new process
// with its own datastore.

const gatsbyDist = path.join(PROJECT_ROOT, "node_modules", "gatsby", "dist")

/**
 * A document node, child of its Markdown file, whose inline `meta.cover` names a picture beside
 * that file (@fileByRelativePath: the resolver looks the file up from the inline object), queried
 * three times: the cover, then a query that looks nothing up, then the cover again.
 */
const QUERY_COVERS = `
const dist = process.argv[2]
const { store } = require(dist + "/redux")
const { actions } = require(dist + "/redux/actions")
const { build } = require(dist + "/schema")
const { GraphQLRunner } = require(dist + "/query/graphql-runner")
store.dispatch({ type: "SET_PROGRAM", payload: { directory: process.cwd() } })
const source = { name: "a-source-plugin" }
const node = (id, type, parent, fields) => ({ id, parent, children: [], internal: { type, contentDigest: id }, ...fields })
store.dispatch({
  type: "CREATE_TYPES",
  plugin: source,
  payload: \`
    type File implements Node @dontInfer { absolutePath: String, dir: String }
    type Doc implements Node @dontInfer { title: String, meta: DocMeta }
    type DocMeta { cover: File @fileByRelativePath, tags: [String] }
  \`,
})
const file = (id, absolutePath) => node(id, "File", null, { absolutePath, dir: absolutePath.slice(0, absolutePath.lastIndexOf("/")) })
for (const created of [
  file("file-a", "/site/content/a/index.md"),
  file("file-b", "/site/content/b/index.md"),
  file("picture-a", "/site/content/a/cover.jpg"),
  file("picture-b", "/site/content/b/cover.jpg"),
  node("doc-a", "Doc", "file-a", { title: "A", meta: { cover: "cover.jpg", tags: ["x"] } }),
  node("doc-b", "Doc", "file-b", { title: "B", meta: { cover: "cover.jpg", tags: ["y"] } }),
])
  store.dispatch(actions.createNode(created, source))
const covers = "{ allDoc(sort: { title: ASC }) { nodes { title meta { cover { absolutePath } } } } }"
const titles = "{ allDoc(sort: { title: ASC }) { nodes { title meta { tags } } } }"
build({}).then(async () => {
  const runner = new GraphQLRunner(store)
  const run = async (query) => {
    const result = await runner.query(query, {}, { queryName: "test" })
    if (result.errors) throw new Error(result.errors.map((error) => error.message).join("; "))
    return result.data.allDoc.nodes
  }
  const first = await run(covers)
  const between = await run(titles)
  const again = await run(covers)
  // A file, not stdout: Gatsby's reporter writes its warnings there.
  require("node:fs").writeFileSync(process.argv[3], JSON.stringify({ first, between, again }))
  process.exit(0)
})
`

type Doc = { title: string; meta: { cover?: { absolutePath: string } | null; tags?: string[] } }

describe("Gatsby's node model, patched: a node's inline objects are walked at the first lookup, not as each query returns it", () => {
  let runs: { first: Doc[]; between: Doc[]; again: Doc[] }
  beforeAll(() => {
    const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), "inline-object-tracking-"))
    try {
      const out = path.join(siteDir, "runs.json")
      runInNewProcess(QUERY_COVERS, [gatsbyDist, out], siteDir)
      runs = JSON.parse(fs.readFileSync(out, "utf8")) as typeof runs
    } finally {
      fs.rmSync(siteDir, { recursive: true, force: true })
    }
  })

  it("finds the file an inline object's node belongs to, so each document's relative cover resolves beside its own file", () => {
    expect(runs.first).toEqual([
      { title: "A", meta: { cover: { absolutePath: "/site/content/a/cover.jpg" } } },
      { title: "B", meta: { cover: { absolutePath: "/site/content/b/cover.jpg" } } },
    ])
  })

  it("still finds them in a later query, after one that looked nothing up has ended", () => {
    expect(runs.between).toEqual([
      { title: "A", meta: { tags: ["x"] } },
      { title: "B", meta: { tags: ["y"] } },
    ])
    expect(runs.again).toEqual(runs.first)
  })
})
