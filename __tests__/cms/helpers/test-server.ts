import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { FastifyInstance } from "fastify"
import { databaseFile, draftsFile, mediaDir } from "../../../cms/src/config"
import { openDatabase, type CatalogueDatabase } from "../../../cms/src/catalogue/database/database"
import { openDraftsDatabase } from "../../../cms/src/catalogue/database/drafts-database"
import { seedIfEmpty } from "../../../cms/src/seed/seed"
import { buildServer, type ServerOptions } from "../../../cms/src/server"

export const TEST_VIDEO_TOKEN = "contract-test-token"
/** The CMS_ADMIN_TOKEN of every test server unless a test gives another (or null: the admin API off). */
export const TEST_ADMIN_TOKEN = "test-admin-token-0123456789"
/** The header an editor's request carries. */
export const ADMIN_AUTHORIZATION = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }

export interface Answer {
  status: number
  headers: Headers
  /** Parsed JSON, or the text when the body is not JSON. */
  body: any // eslint-disable-line @typescript-eslint/no-explicit-any -- any JSON a test sends
}

export interface TestServer {
  app: FastifyInstance
  db: CatalogueDatabase
  dataDir: string
  origin: string
  /** A real HTTP request to the server, as a client would send it. */
  call(path: string, init?: RequestInit): Promise<Answer>
  /** A request to the admin API (`path` under /admin) with the test admin token, e.g. `admin("subscriptions")`. */
  admin(path: string, init?: RequestInit & { headers?: Record<string, string> }): Promise<Answer>
  /** An editor's change through the admin API, e.g. `edit("episodes/1001", { title })`. */
  edit(path: string, fields: unknown): Promise<Answer>
  /** Creates an entity through the admin API, e.g. `create("episodes", { series_id: 101, path: "1" })`. */
  create(collection: string, fields: unknown): Promise<Answer>
  /** Deletes an entity through the admin API, e.g. `remove("episodes/1001")`. */
  remove(path: string): Promise<Answer>
  /** Closes the server and database, keeping the data folder (a restart). */
  restart(): Promise<TestServer>
  /** Closes everything and deletes the data folder. */
  destroy(): Promise<void>
}

// Contract tests go over real HTTP on loopback rather than app.inject():
// they then see exactly what a browser or the build would.
async function open(dataDir: string, extra: Partial<ServerOptions>, setup: TestServerSetup): Promise<TestServer> {
  const db = openDatabase(databaseFile(dataDir))
  seedIfEmpty(db)
  // As main.ts does: the drafts' catalogue is made from the seeded one.
  const drafts = setup.drafts ? openDraftsDatabase(db, databaseFile(dataDir), draftsFile(dataDir)) : null
  const app = buildServer({
    db,
    mediaDir: mediaDir(dataDir),
    videoApiToken: TEST_VIDEO_TOKEN,
    adminToken: TEST_ADMIN_TOKEN,
    drafts: drafts && { db: drafts, previewToken: setup.drafts!.previewToken },
    ...extra,
  })
  const origin = await app.listen({ host: "127.0.0.1", port: 0 })
  const close = async () => {
    // app.close() alone waits for any response still being written, and then for the
    // client to drop its keep-alive socket (Fastify's keepAliveTimeout is 72 s): a test
    // that never read a body would hang here. A closing test server owes its clients nothing.
    const closing = app.close()
    app.server.closeAllConnections()
    await closing
    drafts?.close()
    db.close()
  }
  const call = async (path: string, init?: RequestInit): Promise<Answer> => {
    const response = await fetch(`${origin}${path}`, init)
    const text = await response.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, headers: response.headers, body }
  }
  const admin: TestServer["admin"] = (path, init = {}) => call(`/admin/${path}`, { ...init, headers: { ...ADMIN_AUTHORIZATION, ...init.headers } })
  const json = (method: string, path: string, fields: unknown) => admin(path, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(fields) })
  return {
    app,
    db,
    dataDir,
    origin,
    call,
    admin,
    edit: (path, fields) => json("PATCH", path, fields),
    create: (collection, fields) => json("POST", collection, fields),
    remove: (path) => admin(path, { method: "DELETE" }),
    async restart(): Promise<TestServer> {
      await close()
      return open(dataDir, extra, setup)
    },
    async destroy() {
      await close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface TestServerSetup {
  /** Keep drafts (catalogue-api.md, "Drafts and preview"), with this CATALOGUE_PREVIEW_TOKEN; unset: none, as CMS_DRAFTS=off. */
  drafts?: { previewToken: string | null }
}

/** A reference server on a fresh copy of the sample catalogue in a temp folder. */
export function startTestServer(extra: Partial<ServerOptions> = {}, setup: TestServerSetup = {}): Promise<TestServer> {
  return open(fs.mkdtempSync(path.join(os.tmpdir(), "cms-contract-")), extra, setup)
}
