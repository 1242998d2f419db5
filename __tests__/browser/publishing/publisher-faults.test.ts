import crypto from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { ChildProcess } from "node:child_process"
import { Webhook } from "standardwebhooks"
import { freePort, processStartTime, PROJECT_ROOT, startProcess, stopProcess, waitForHttp } from "../../../node-kit/process/processes"
import { LOCK_FILE } from "../../../publisher/src/process/data-folder-lock"
import { BUILD_FILE } from "../../../publisher/src/jobs/leftover-build"
import type { StatusReport } from "../../../publisher/src/http/status"
import { imageStoreDirectory } from "../../../plugins/gatsby-source-catalogue/src/images/store"
import { digestsUnder } from "../../../scripts/lib/public-digests"
import { SHARED_DRAWINGS_DIR, startReferenceServer, type ReferenceServer } from "../../../scripts/lib/reference-server"
import { getOnNewConnection } from "../../helpers/new-connection"
import { waitFor } from "../../helpers/wait-for"

/**
 * The publisher's faults with real `gatsby build`s, one workspace shared by
 * every case (one cold build, then warm ones): the publisher's server
 * process killed with SIGKILL during a build five times, the catalogue down
 * during a build, and a build that changes nothing. The publisher runs as
 * `npm run publisher` runs it, in processes of its own: the supervisor that
 * holds the port (publisher/src/main.ts) and the server process that builds
 * and serves, with the reference server sending its signed webhooks. A
 * poller fetches the site all through and counts every answer that is not
 * 200 and every request refused, cut or unanswered.
 */

/** The files whose content differs between two releases (their manifests), to say why a build made a release. */
function filesThatDiffer(dataDir: string, a: string | undefined, b: string | undefined): string[] {
  const files = (id: string | undefined) =>
    id ? (JSON.parse(fs.readFileSync(path.join(dataDir, "manifests", `${id}.json`), "utf8")) as { files: Record<string, { hash: string }> }).files : {}
  const [before, after] = [files(a), files(b)]
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((file) => before[file]?.hash !== after[file]?.hash).sort()
}

/** When each page under `dir` was last written. */
function htmlWriteTimes(dir: string): Map<string, number> {
  const times = new Map<string, number>()
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(".html"))
      times.set(path.relative(dir, path.join(entry.parentPath, entry.name)), fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs)
  }
  return times
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** How a request that got no HTTP answer failed: refused (nothing listening), timed out, or cut (the connection closed under it). */
function failureOf(error: unknown): "refused" | "timeout" | "cut" {
  if ((error as Error).name === "TimeoutError") return "timeout"
  const failure = error as { code?: string; cause?: { code?: string } }
  return (failure.cause?.code ?? failure.code) === "ECONNREFUSED" ? "refused" : "cut"
}

async function statusOf(url: string): Promise<number> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) })
  await response.arrayBuffer()
  return response.status
}

/**
 * Fetches pages all the time. An HTTP answer other than 200 is a fault; so is
 * a refused connection (nothing listening) and a request with no answer in
 * 30 s. A request cut under way (its connection was accepted by the server
 * process that was killed: no process can answer it) is sent once more, as
 * browsers resend an idempotent request on a reused connection that closed;
 * those are counted, and a second cut is a fault.
 */
function startPoller(urls: () => string[]) {
  const counts = { requests: 0, answers: 0, non200: [] as string[], refused: 0, timeouts: 0, cutAndResent: 0, lost: 0, maxLatencyMs: 0 }
  const fetchOnce = async (url: string, resent = false): Promise<void> => {
    const started = Date.now()
    try {
      // A resend goes over a new connection, as a browser's does: fetch's pool may hold more idle
      // keep-alive connections to the killed process, each of which the kernel resets.
      const status = resent ? (await getOnNewConnection(url)).status : await statusOf(url)
      counts.answers++
      counts.maxLatencyMs = Math.max(counts.maxLatencyMs, Date.now() - started)
      if (status !== 200) counts.non200.push(`${url}: ${status}`)
    } catch (error) {
      const failure = failureOf(error)
      if (failure === "refused") counts.refused++
      else if (failure === "timeout") counts.timeouts++
      else if (resent) counts.lost++
      else {
        counts.cutAndResent++
        await fetchOnce(url, true)
      }
    }
  }
  let running = true
  const loop = (async () => {
    while (running) {
      for (const url of urls()) {
        counts.requests++
        await fetchOnce(url)
      }
      await sleep(100)
    }
  })()
  return {
    counts,
    stop: async () => {
      running = false
      await loop
    },
  }
}

describe("the publisher's faults, with real builds", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "publisher-faults-"))
  const dataDir = path.join(dir, "publisher-data")
  const log = fs.openSync(path.join(dir, "processes.log"), "a")
  const adminToken = crypto.randomBytes(24).toString("base64url")
  const webhookSecret = `whsec_${crypto.randomBytes(32).toString("base64")}`
  let cmsPort: number
  let publisherUrl: string
  let publisherEnv: NodeJS.ProcessEnv
  let cms: ReferenceServer
  let publisher: ChildProcess
  let poller: ReturnType<typeof startPoller>
  /** What the first edit after the cold build changed: files of the release, pages that show the new title, pages written again. */
  let firstEdit: { changed: string[]; pagesShowingTitle: string[]; rewritten: string[]; durationMs: number }
  const figures: string[] = []

  const startCms = async () => {
    cms = await startReferenceServer({
      port: cmsPort,
      dataDir: path.join(dir, "cms-data"),
      drawingsDir: SHARED_DRAWINGS_DIR,
      stdio: ["ignore", log, log],
      env: { CMS_ADMIN_TOKEN: adminToken, CMS_WEBHOOK_URL: `${publisherUrl}/hooks/catalogue`, PUBLISH_WEBHOOK_SECRET: webhookSecret },
    })
  }
  const startPublisherProcess = async () => {
    publisher = startProcess([process.execPath, "--import", "tsx", path.join(PROJECT_ROOT, "publisher/src/main.ts")], [], {
      stdio: ["ignore", log, log],
      env: publisherEnv,
    })
    await waitForHttp(`${publisherUrl}/status`, publisher, 60_000)
  }
  const status = async () => (await (await fetch(`${publisherUrl}/status`)).json()) as StatusReport
  /** The server process (the supervisor's child that builds and serves): the data folder's lock names it. */
  const serverPid = () => (JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8")) as { pid: number }).pid
  const idle = (timeoutMs: number) =>
    waitFor(
      async () => {
        const now = await status()
        return now.building === null && now.queued.length === 0 ? now : undefined
      },
      { timeout: timeoutMs, what: "the publisher to finish its queue", interval: 100 },
    )
  /** An editor's change, through the admin API: the reference server then sends its webhook. */
  const editTitle = async (episode: number, title: string) => {
    const response = await fetch(`${cms.origin}/admin/episodes/${episode}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ title }),
    })
    if (!response.ok) throw new Error(`Editing episode ${episode}: HTTP ${response.status} ${await response.text()}`)
  }
  const pageHas = async (episode: number, text: string) => (await (await fetch(`${publisherUrl}/detail/${episode}/`)).text()).includes(text)

  beforeAll(async () => {
    ;[cmsPort] = [await freePort()]
    publisherUrl = `http://127.0.0.1:${await freePort()}`
    await startCms()
    publisherEnv = {
      ...cms.buildEnv,
      SITE_URL: publisherUrl,
      PUBLISHER_PORT: publisherUrl.split(":").at(-1),
      PUBLISHER_DATA_DIR: dataDir,
      PUBLISH_WEBHOOK_SECRET: webhookSecret,
      PUBLISHER_DEBOUNCE_MS: "300",
      // The test reads /status without a token, as `npm start` lets a developer.
      PUBLISHER_STATUS_OPEN_ON_LOOPBACK: "on",
      LOG_FORMAT: "json",
      // The pictures the suite's own build made (the store is shared safely: plugins/gatsby-source-catalogue/src/images/store.ts),
      // so the cold build here spends its seconds on what this file is about, not on resizing the sample's pictures again.
      CATALOGUE_IMAGE_STORE: imageStoreDirectory(null, PROJECT_ROOT),
    }
    const started = Date.now()
    await startPublisherProcess()
    // The first build is cold: every page.
    await waitFor(async () => ((await status()).live ? true : undefined), { timeout: 600_000, what: "the first release", interval: 100 })
    figures.push(`first (cold) build live in ${seconds(Date.now() - started)}`)
    // The first edit after the cold build, made and read here rather than in its test: Jest runs the tests in
    // a random order, and the other tests edit the same episodes.
    const cold = await idle(60_000)
    const warmPublic = path.join(dataDir, "workspace", "public")
    const writtenAt = htmlWriteTimes(warmPublic)
    const title = `First edit ${crypto.randomUUID().slice(0, 8)}`
    await editTitle(1010, title)
    await waitFor(async () => ((await pageHas(1010, title)) ? true : undefined), { timeout: 300_000, what: "the first edit", interval: 100 })
    const edited = await idle(60_000)
    firstEdit = {
      changed: filesThatDiffer(dataDir, cold.live?.releaseId, edited.live?.releaseId),
      pagesShowingTitle: [...digestsUnder(warmPublic).keys()]
        .filter((file) => file.endsWith(".html") && fs.readFileSync(path.join(warmPublic, file), "utf8").includes(title))
        .sort(),
      rewritten: [...htmlWriteTimes(warmPublic)].filter(([file, at]) => writtenAt.get(file) !== at).map(([file]) => file),
      durationMs: edited.recent[0]?.durationMs ?? 0,
    }
    poller = startPoller(() => [`${publisherUrl}/`, `${publisherUrl}/detail/1010/`, `${publisherUrl}/page-data/app-data.json`])
  }, 960_000)

  afterAll(async () => {
    await poller?.stop()
    if (publisher) await stopProcess(publisher)
    if (cms) await stopProcess(cms.child)
    process.stdout.write(`\nPublisher faults (real builds):\n  ${figures.join("\n  ")}\n`)
    fs.closeSync(log)
    fs.rmSync(dir, { recursive: true, force: true })
  }, 60_000)

  // That a warm build writes the bytes a cold build of the same catalogue writes is `npm run bench:build -- --determinism`'s to check (docs/guides/testing.md).
  it("the first edit after the cold build rewrites only the pages that show it", () => {
    const { changed, pagesShowingTitle, rewritten, durationMs } = firstEdit
    const changedPages = changed.filter((file) => file.endsWith(".html"))
    expect(pagesShowingTitle).toContain("detail/1010/index.html")
    // Warm in fact, not in name only: the pages rewritten are those that show the new title, and the webpack
    // compilation hash every page carries is the cold build's (app-data.json is unchanged).
    expect(changedPages).toEqual(expect.arrayContaining(pagesShowingTitle))
    // A few more show the episode otherwise (its neighbours' and the home page's lists); never every page.
    expect(changedPages.length).toBeLessThan(pagesShowingTitle.length + 10)
    expect(changed).not.toContain("page-data/app-data.json")
    // Rendered again, not only the same bytes: Gatsby wrote only those pages (a rebuilt HTML renderer writes every one).
    expect(rewritten).toEqual(expect.arrayContaining(pagesShowingTitle))
    expect(rewritten.length).toBeLessThan(pagesShowingTitle.length + 10)
    figures.push(`first edit after the cold build: live in ${seconds(durationMs)}, ${changed.length} file(s) changed (${pagesShowingTitle.length} page(s) showing the title)`)
  })

  it("its server process killed with SIGKILL during a build 5 times: every request the site gets is answered 200, no build outlives the restart, and every edit goes live", async () => {
    const edits = [1010, 1011, 1012, 1013, 1014].map((episode) => ({ episode, title: `Edited under fire ${crypto.randomUUID().slice(0, 8)}` }))
    const restarts: number[] = []
    let buildsOutlivingServer = 0
    const requestsBefore = poller.counts.requests
    for (const edit of edits) {
      await editTitle(edit.episode, edit.title)
      // Well into the build: past Gatsby's start, its workers forked.
      await waitFor(
        async () => {
          const phase = (await status()).building?.phase
          return phase && !phase.startsWith("starting") ? phase : undefined
        },
        { timeout: 120_000, what: "a build past its start", interval: 100 },
      )
      const build = JSON.parse(fs.readFileSync(path.join(dataDir, BUILD_FILE), "utf8")) as { pid: number }
      const server = serverPid()
      expect(processStartTime(build.pid)).toBeDefined()

      const killedAt = Date.now()
      process.kill(server, "SIGKILL")
      await waitFor(async () => (processStartTime(server) === undefined ? true : undefined), { timeout: 10_000, what: "the server process to die", interval: 100 })
      // Detached, Gatsby runs on without its server process, but may end soon by itself (its output pipe has lost its
      // reader; or it was finishing): counted, not asserted. process-control.test.ts has a build that outlives its
      // server stopped at the next start.
      if (processStartTime(build.pid) !== undefined) buildsOutlivingServer++
      // Waits on the supervisor's socket until the next server process answers (asked again if the test's own pooled
      // connection to the killed process is cut).
      await waitFor(() => status(), { timeout: 60_000, what: "the next server process", interval: 100 })
      restarts.push(Date.now() - killedAt)
      expect(serverPid()).not.toBe(server)
      // Gone (stopped, if it was still running) before the restarted server listened.
      expect(processStartTime(build.pid)).toBeUndefined()
    }
    const lastStart = Date.now()
    const after = await idle(300_000)
    for (const edit of edits) expect(await pageHas(edit.episode, edit.title)).toBe(true)
    // reason and logExcerpt with the status: a failure shows what went wrong (toMatchObject prints only the keys it compares).
    expect(after.recent[0]).toMatchObject({ status: "live", reason: null, logExcerpt: null })
    const { counts } = poller
    expect(counts.non200).toEqual([])
    expect({ refused: counts.refused, timeouts: counts.timeouts, lost: counts.lost }).toEqual({ refused: 0, timeouts: 0, lost: 0 })
    expect(publisher.exitCode).toBeNull()
    figures.push(
      `server process SIGKILLed x5: kill to the next answer ${restarts.map(seconds).join(", ")}; poller: ${counts.requests - requestsBefore} requests ` +
        `during the kills (${counts.requests} in all), ${counts.non200.length} not 200, ${counts.refused} refused, ${counts.timeouts} unanswered, ` +
        `${counts.cutAndResent} cut under way and resent, slowest answer ${seconds(counts.maxLatencyMs)}; ` +
        `${buildsOutlivingServer} of 5 builds still running once their server process had died (stopped by the next); ` +
        `all 5 edits live ${seconds(Date.now() - lastStart)} after the last restart`,
    )
  }, 900_000)

  it("with the catalogue down during a build: the build fails in plain words, the site is untouched, the next edit goes live", async () => {
    const before = await status()
    const answersBefore = poller.counts.answers
    const title = `After the outage ${crypto.randomUUID().slice(0, 8)}`
    await editTitle(1015, `During the outage ${crypto.randomUUID().slice(0, 8)}`)
    await waitFor(async () => ((await status()).building ? true : undefined), { timeout: 60_000, what: "the build to start", interval: 100 })
    await stopProcess(cms.child)
    const failed = await waitFor(
      async () => {
        const job = (await status()).recent[0]
        return job?.status === "failed" ? job : job?.status === "live" ? null : undefined
      },
      { timeout: 300_000, what: "the build to end", interval: 100 },
    )
    expect(failed?.reason).toMatch(/^the catalogue at http:\/\/127\.0\.0\.1:\d+\/api\/\S+ could not be reached/)
    expect((await status()).live?.releaseId).toBe(before.live?.releaseId)
    expect(poller.counts.non200).toEqual([])
    expect(poller.counts.answers).toBeGreaterThan(answersBefore)

    await startCms()
    await editTitle(1015, title)
    await waitFor(async () => ((await pageHas(1015, title)) ? true : undefined), { timeout: 300_000, what: "the edit after the outage", interval: 100 })
    expect(poller.counts.non200).toEqual([])
    figures.push(`catalogue outage: failed with "${failed?.reason}"; live release unchanged; next edit live`)
  }, 700_000)

  /** A signed delivery that names nothing new (a lost webhook sent again, say): the build reads the changes feed and finds nothing. */
  const deliverNothing = async () => {
    const body = JSON.stringify({ event: "publish", refs: [] })
    const id = `msg_${crypto.randomUUID()}`
    const at = new Date()
    const before = (await status()).recent[0]?.id
    const delivered = await fetch(`${publisherUrl}/hooks/catalogue`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": id,
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": new Webhook(webhookSecret).sign(id, at, body),
      },
      body,
    })
    expect(delivered.status).toBe(202)
    await waitFor(async () => ((await status()).recent[0]?.id !== before ? true : undefined), { timeout: 60_000, what: "the job", interval: 100 })
    return idle(300_000)
  }

  it("makes no release for a build whose output is the live release's", async () => {
    const before = await idle(300_000)
    const after = await deliverNothing()
    expect(filesThatDiffer(dataDir, before.live?.releaseId, after.live?.releaseId)).toEqual([])
    // reason and logExcerpt: a failed build says why in the test's output.
    expect(after.recent[0]).toMatchObject({ status: "live", releaseId: before.live?.releaseId, note: expect.stringMatching(/^No change/), reason: null, logExcerpt: null })
    expect(after.releases).toEqual(before.releases)
    expect(poller.counts.non200).toEqual([])
    figures.push(`no-change build: ${seconds(after.recent[0]?.durationMs ?? 0)}, no release made`)
  }, 700_000)
})
