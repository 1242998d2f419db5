import { execFile } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { Writable } from "node:stream"
import { promisify } from "node:util"
import Fastify from "fastify"
import { installErrorHandler } from "../../../node-kit/http/http-error"
import { LaneRecords } from "../../../publisher/src/jobs/store/lane-records"
import { FailedAttempts } from "../../../publisher/src/http/routes/admin-access"
import { rollbackRoutes } from "../../../publisher/src/http/routes/rollback"
import { listReleases, liveReleaseId } from "../../../publisher/src/releases/releases"
import { rollback, RollbackError } from "../../../publisher/src/releases/rollback"
import { ADMIN_TOKEN, episode, sendHook, startTestPublisher, type TestPublisher } from "../helpers/harness"

const PROJECT_ROOT = path.resolve(__dirname, "..", "..", "..")

describe("rollback", () => {
  let site: TestPublisher
  let releases: string[]
  const home = async () => (await (await fetch(`${site.url}/`)).text()).match(/Home v\d/)?.[0]

  beforeEach(async () => {
    site = await startTestPublisher({ plan: { version: "v1" } })
    await site.publisher.idle()
    for (const version of ["v2", "v3"]) {
      site.setPlan({ version })
      await sendHook(site.url, { event: "publish", refs: [episode(1001)] })
      await site.publisher.idle()
    }
    releases = listReleases(site.dataDir)
    expect(releases).toHaveLength(3)
    expect(await home()).toBe("Home v3")
  })
  afterEach(async () => site.dispose())

  it("goes back one release per call by default, or to the release named, in one step", async () => {
    expect(rollback({ dataDir: site.dataDir })).toEqual({ from: releases[2], to: releases[1] })
    expect(await home()).toBe("Home v2")
    expect(rollback({ dataDir: site.dataDir })).toEqual({ from: releases[1], to: releases[0] })
    expect(await home()).toBe("Home v1")
    expect(() => rollback({ dataDir: site.dataDir })).toThrow(RollbackError)
    rollback({ dataDir: site.dataDir, releaseId: releases[2] })
    expect(await home()).toBe("Home v3")
    expect(() => rollback({ dataDir: site.dataDir, releaseId: "../releases" })).toThrow("There is no release")
    expect(liveReleaseId(site.dataDir)).toBe(releases[2])
    // A release a power loss left with a file cut short never goes live.
    fs.truncateSync(path.join(site.dataDir, "releases", releases[0] ?? "", "index.html"), 0)
    expect(() => rollback({ dataDir: site.dataDir, releaseId: releases[0] })).toThrow(`Release ${releases[0]} is not whole on disk`)
    expect(liveReleaseId(site.dataDir)).toBe(releases[2])
  })

  it("refuses the endpoint without the admin token, then rolls back with it", async () => {
    const post = (headers: Record<string, string>, body?: unknown) =>
      fetch(`${site.url}/releases/rollback`, {
        method: "POST",
        headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    for (const headers of [{} as Record<string, string>, { authorization: "Bearer wrong" }, { authorization: ADMIN_TOKEN }, { authorization: `Basic ${ADMIN_TOKEN}` }]) {
      const refused = await post(headers, { releaseId: releases[0] })
      expect(refused.status).toBe(401)
    }
    expect(await home()).toBe("Home v3")

    const response = await post({ authorization: `Bearer ${ADMIN_TOKEN}` })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ from: releases[2], to: releases[1] })
    expect(await home()).toBe("Home v2")
    const named = await post({ authorization: `Bearer ${ADMIN_TOKEN}` }, { releaseId: releases[0] })
    expect(named.status).toBe(200)
    expect(await home()).toBe("Home v1")
    const none = await post({ authorization: `Bearer ${ADMIN_TOKEN}` })
    expect(none.status).toBe(409)
    expect(await none.json()).toEqual({ message: `There is no release before ${releases[0]} to go back to.` })
    // The request schema refuses what is no release id before it nears the file system.
    const outside = await post({ authorization: `Bearer ${ADMIN_TOKEN}` }, { releaseId: "../releases" })
    expect(outside.status).toBe(400)
    expect(((await outside.json()) as { message: string }).message).toMatch(/releaseId/)

    // The status says the live release came from a rollback.
    expect(site.publisher.status().live).toMatchObject({ releaseId: releases[0], cause: "rollback" })
  })

  it("works from the command line", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", path.join(PROJECT_ROOT, "publisher/src/main.ts"), "rollback"], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PUBLISHER_DATA_DIR: site.dataDir },
    })
    expect(stdout).toContain(`Live: ${releases[1]}`)
    expect(await home()).toBe("Home v2")
    expect(site.publisher.status().live).toMatchObject({ releaseId: releases[1], cause: "rollback" })
  }, 30_000)
})

describe("rollback over HTTP with no PUBLISHER_ADMIN_TOKEN", () => {
  it("answers 503 and logs one WARN line, not an ERROR with a stack", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rollback-off-"))
    const lines: { level: number; msg: string; err?: unknown }[] = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString("utf8")) as (typeof lines)[number])
        done()
      },
    })
    const app = Fastify({ logger: { level: "info", stream } })
    installErrorHandler(app, { serverErrorMessage: "Something went wrong in the publisher." })
    const records = new LaneRecords(path.join(dir, "publisher.db"))
    try {
      const access = { adminToken: undefined, allowedHosts: [], attempts: new FailedAttempts() }
      await app.register(rollbackRoutes, { dataDir: dir, switches: records.switches, access, now: Date.now })
      const origin = await app.listen({ host: "127.0.0.1", port: 0 })
      const response = await fetch(`${origin}/releases/rollback`, { method: "POST", headers: { authorization: "Bearer anything" } })
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ message: "Rollback over HTTP is off: the publisher has no PUBLISHER_ADMIN_TOKEN." })
      const logged = lines.filter((line) => line.level >= 40)
      expect(logged).toHaveLength(1)
      expect(logged[0]).toMatchObject({ level: 40, msg: "POST /releases/rollback: Rollback over HTTP is off: the publisher has no PUBLISHER_ADMIN_TOKEN." })
      expect(logged[0]!.err).toBeUndefined()
    } finally {
      await app.close()
      records.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
