import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import Fastify, { type FastifyInstance } from "fastify"
import { installErrorHandler } from "../../node-kit/http-error"
import { JobStore } from "../../publisher/src/job-store"
import { isLoopbackAddress } from "../../publisher/src/routes/admin-access"
import { statusRoutes } from "../../publisher/src/routes/status"
import { ADMIN_TOKEN, startTestPublisher } from "./helpers/harness"

// /status and /_publisher/ show every job, its failure and its build log: on
// a publisher reachable from elsewhere they need PUBLISHER_ADMIN_TOKEN. Tests
// listen on loopback only, so "elsewhere" is the route's tokenRequired switch,
// which the real server derives from its listening address (isLoopbackAddress).

describe("isLoopbackAddress", () => {
  it("calls loopback only what only this machine can reach", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "[::1]", "::ffff:127.0.0.1", "localhost"]) expect(isLoopbackAddress(address)).toBe(true)
    for (const address of ["0.0.0.0", "::", "192.168.1.20", "10.0.0.1", "2001:db8::1", "::ffff:10.0.0.1", "128.0.0.1", ""]) {
      expect(isLoopbackAddress(address)).toBe(false)
    }
  })
})

describe("the status beyond loopback", () => {
  let dir: string
  let store: JobStore
  let app: FastifyInstance
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "status-access-"))
    store = new JobStore(path.join(dir, "publisher.db"))
  })
  afterEach(async () => {
    await app.close()
    store.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  let origin: string
  async function statusApp(adminToken: string | undefined) {
    app = Fastify({ logger: false })
    installErrorHandler(app, { serverErrorMessage: "Something went wrong in the publisher." })
    await app.register(statusRoutes, { store, dataDir: dir, webhooksOn: true, adminToken, tokenRequired: true, now: Date.now })
    origin = await app.listen({ host: "127.0.0.1", port: 0 })
  }
  const get = async (url: string, authorization?: string) => {
    const response = await fetch(`${origin}${url}`, { headers: authorization ? { authorization } : {} })
    return { statusCode: response.status, headers: response.headers, body: await response.text() }
  }
  const basic = (password: string) => `Basic ${Buffer.from(`editor:${password}`).toString("base64")}`

  it("answers 401 without the token, or with a wrong one, and shows nothing", async () => {
    await statusApp(ADMIN_TOKEN)
    for (const authorization of [undefined, "Bearer wrong-token", `Bearer ${ADMIN_TOKEN}x`, basic("wrong"), ADMIN_TOKEN]) {
      const json = await get("/status", authorization)
      expect(json.statusCode).toBe(401)
      expect(json.headers.get("www-authenticate")).toBe("Bearer")
      expect(JSON.parse(json.body)).toEqual({ message: "The status needs Authorization: Bearer <PUBLISHER_ADMIN_TOKEN>." })
      const page = await get("/_publisher/", authorization)
      expect(page.statusCode).toBe(401)
      // A browser asks for the token itself (as the password) after this challenge.
      expect(page.headers.get("www-authenticate")).toMatch(/^Basic realm="publisher status"/)
      expect(page.body).not.toContain("Site publishing status")
    }
  })

  it("answers with the token, as a Bearer token or a browser's Basic password", async () => {
    await statusApp(ADMIN_TOKEN)
    const json = await get("/status", `Bearer ${ADMIN_TOKEN}`)
    expect(json.statusCode).toBe(200)
    expect(JSON.parse(json.body)).toMatchObject({ live: null, webhooks: "accepting" })
    const page = await get("/_publisher/", basic(ADMIN_TOKEN))
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain("Site publishing status")
  })

  it("is off (403, saying why) when there is no token to ask for", async () => {
    await statusApp(undefined)
    const answer = await get("/status", "Bearer anything")
    expect(answer.statusCode).toBe(403)
    expect(JSON.parse(answer.body).message).toMatch(/PUBLISHER_ADMIN_TOKEN/)
  })
})

describe("the status on loopback", () => {
  it("stays open, token or not", async () => {
    const site = await startTestPublisher({ initialBuild: false })
    try {
      expect((await fetch(`${site.url}/status`)).status).toBe(200)
      expect((await fetch(`${site.url}/_publisher/`)).status).toBe(200)
    } finally {
      await site.dispose()
    }
  })
})
