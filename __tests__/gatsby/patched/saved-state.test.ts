import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { PROJECT_ROOT } from "../../../node-kit/process/processes"
import { runInNewProcess } from "../../helpers/new-process"

// patches/gatsby+5.16.1.patch: Gatsby saves its state between builds (redux/persist.js) with v8's
// serialiser, which writes every occurrence of a string anew. The queries' node dependencies name each
// node id once for every query that reads it, and each query once for every node it reads, so they were
// most of the saved state of a large catalogue, written and read back at every build. The patch saves
// them as one table of their strings and arrays of indexes into it.

const persist = path.join(PROJECT_ROOT, "node_modules", "gatsby", "dist", "redux", "persist.js")

/** Saves a state whose queries read `reads` nodes each, reads it back, and answers what came back and the saved file's size. */
const SAVE_AND_READ = `
const fs = require("fs")
const v8 = require("v8")
const [persist, queryCount, reads, unpatchedFile] = process.argv.slice(2)
const { readFromCache, writeToCache } = require(persist)
const nodeId = (n) => "3f1c0b9e-0000-5000-8000-" + String(n).padStart(12, "0")
const byNode = new Map()
const queryNodes = new Map()
for (let q = 0; q < Number(queryCount); q++) {
  const path = "/detail/" + q + "/"
  const ids = new Set()
  for (let r = 0; r < Number(reads); r++) {
    const id = nodeId((q * 7 + r) % 3000)
    ids.add(id)
    if (!byNode.has(id)) byNode.set(id, new Set())
    byNode.get(id).add(path)
  }
  queryNodes.set(path, ids)
}
byNode.set(nodeId(99999), new Set())
const queries = { byNode, byConnection: new Map([["CatalogueEpisode", new Set(["/"])]]), queryNodes, trackedQueries: new Map([["/", { dirty: 0 }]]), trackedComponents: new Map(), deletedQueries: new Set(), dirtyQueriesListToEmitViaWebsocket: [] }
const state = { nodes: new Map([["n", { id: "n", internal: { type: "T" } }]]), pages: new Map([["/", { path: "/" }]]), queries, status: { plugins: {} } }
if (unpatchedFile) {
  // As Gatsby saved it before the patch: the Maps serialised as they are.
  fs.mkdirSync(".cache/redux", { recursive: true })
  fs.writeFileSync(".cache/redux/redux.rest.state", v8.serialize({ queries, status: state.status }))
  fs.writeFileSync(".cache/redux/redux.node.state_0", v8.serialize([...state.nodes]))
  fs.writeFileSync(".cache/redux/redux.page.state_0", v8.serialize([...state.pages]))
} else writeToCache(state)
const read = readFromCache()
const entries = (map) => [...map].map(([key, values]) => [key, [...values]])
process.stdout.write(JSON.stringify({
  sameByNode: JSON.stringify(entries(read.queries.byNode)) === JSON.stringify(entries(byNode)),
  sameQueryNodes: JSON.stringify(entries(read.queries.queryNodes)) === JSON.stringify(entries(queryNodes)),
  byConnection: entries(read.queries.byConnection),
  tracked: [...read.queries.trackedQueries.keys()],
  keys: Object.keys(read.queries).sort(),
  status: read.status,
  bytes: fs.statSync(".cache/redux/redux.rest.state").size,
}))
`

interface Saved {
  sameByNode: boolean
  sameQueryNodes: boolean
  byConnection: [string, string[]][]
  tracked: string[]
  keys: string[]
  status: unknown
  bytes: number
}

function saveAndRead(queryCount: number, reads: number, unpatched = false): Saved {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "saved-state-"))
  try {
    return JSON.parse(runInNewProcess(SAVE_AND_READ, [persist, String(queryCount), String(reads), unpatched ? "1" : ""], folder)) as Saved
  } finally {
    fs.rmSync(folder, { recursive: true, force: true })
  }
}

const QUERY_KEYS = ["byConnection", "byNode", "deletedQueries", "dirtyQueriesListToEmitViaWebsocket", "queryNodes", "trackedComponents", "trackedQueries"]

describe("Gatsby's saved state, patched: the queries' node dependencies saved once per id", () => {
  it("reads back every query's nodes and every node's queries, in their order, with the rest of the state", () => {
    const saved = saveAndRead(200, 30)
    expect(saved).toMatchObject({ sameByNode: true, sameQueryNodes: true, byConnection: [["CatalogueEpisode", ["/"]]], tracked: ["/"], keys: QUERY_KEYS })
    expect(saved.status).toEqual({ plugins: {} })
  })

  it("saves the dependencies of 2 000 pages reading 30 nodes each in under 1 MB: each id's 36 characters once, not once per query", () => {
    // 60 000 dependencies, each kept both ways: written as strings, about 4.8 MB.
    expect(saveAndRead(2000, 30).bytes).toBeLessThan(1_000_000)
  })

  it("still reads a state saved as Gatsby saved it before the patch", () => {
    expect(saveAndRead(200, 30, true)).toMatchObject({ sameByNode: true, sameQueryNodes: true, tracked: ["/"], keys: QUERY_KEYS })
  })
})
