import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Logger } from "../../../node-kit/process/logger"
import { CdnPurgeQueue } from "../../../publisher/src/cdn/purge-queue"
import type { CdnAdapter, PurgeRequest } from "../../../publisher/src/cdn/purge-request"
import { purgeRequestFor } from "../../../publisher/src/cdn/release-purge"
import { waitFor } from "../../helpers/wait-for"

const quiet = () => undefined
const log: Logger = { info: quiet, warn: quiet, error: quiet } as unknown as Logger
const keys = (...names: string[]): PurgeRequest => ({ keys: names, paths: names, all: false })

/** A CDN that refuses the first `refusals` purges, and records the ones it took. */
function fakeCdn(name: string, refusals = 0) {
  const taken: PurgeRequest[] = []
  let refused = 0
  const adapter: CdnAdapter = {
    name,
    purge: async (request) => {
      if (refused < refusals) {
        refused += 1
        throw new Error(`${name} refused: HTTP 503`)
      }
      taken.push(request)
    },
  }
  return { adapter, taken, refusedCount: () => refused }
}

describe("the CDN purge queue", () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "purges-"))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("purges each CDN on its own: one that refuses is retried while the other is done", async () => {
    const good = fakeCdn("good")
    const flaky = fakeCdn("flaky", 2)
    const queue = new CdnPurgeQueue([good.adapter, flaky.adapter], dir, log, [10, 10])
    queue.add(keys("/series/1/"), "r1")
    await queue.settled()
    expect(good.taken).toEqual([keys("/series/1/")])
    expect(flaky.taken).toEqual([keys("/series/1/")])
    expect(flaky.refusedCount()).toBe(2)
    const [goodStatus, flakyStatus] = queue.status()
    expect(goodStatus).toMatchObject({ cdn: "good", state: "purged", owed: null, last: { releaseId: "r1", keys: 1, all: false, attempts: 1 } })
    expect(flakyStatus).toMatchObject({ cdn: "flaky", state: "purged", last: { attempts: 3 } })
    await queue.close()
  })

  it("shows a refused purge with its error and next try, and keeps what it owes across a restart", async () => {
    const down = fakeCdn("down", Infinity)
    const queue = new CdnPurgeQueue([down.adapter], dir, log, [60_000])
    queue.add(keys("/series/1/"), "r1")
    await waitFor(() => queue.status()[0]!.state === "retrying", { timeout: 5000, what: "the purge refused" })
    expect(queue.status()[0]).toMatchObject({ state: "retrying", owed: { releaseId: "r1", attempts: 1, lastError: "down refused: HTTP 503", keys: 1 } })
    expect(queue.status()[0]!.owed!.nextAttemptAt).not.toBeNull()
    // A later release adds its keys to what is owed.
    queue.add(keys("/series/2/"), "r2")
    await queue.close()

    const back = fakeCdn("down")
    const restarted = new CdnPurgeQueue([back.adapter], dir, log, [10])
    await restarted.settled()
    expect(back.taken).toEqual([keys("/series/1/", "/series/2/")])
    expect(restarted.status()[0]).toMatchObject({ state: "purged", last: { releaseId: "r2", keys: 2 } })
    await restarted.close()
  })

  it("tries a new release's purge at once, even while a refused one waits a minute for its retry", async () => {
    const cdn = fakeCdn("cdn", 1)
    const queue = new CdnPurgeQueue([cdn.adapter], dir, log, [60_000])
    queue.add(keys("/series/1/"), "r1")
    await waitFor(() => queue.status()[0]!.state === "retrying", { timeout: 5000, what: "the first purge refused" })
    queue.add(keys("/series/2/"), "r2")
    await waitFor(() => queue.status()[0]!.state === "purged", { timeout: 5000, what: "the new release's purge taken before the minute is out" })
    expect(cdn.taken).toEqual([keys("/series/1/", "/series/2/")])
    expect(queue.status()[0]).toMatchObject({ last: { releaseId: "r2", attempts: 2 } })
    await queue.close()
  })

  it("purges again for a release that switched while a purge was on its way, even one the first purge's request covers", async () => {
    const taken: { request: PurgeRequest; at: string }[] = []
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const adapter: CdnAdapter = {
      name: "cdn",
      purge: async (request) => {
        // The first purge is on its way (sent, not yet answered) when r2 switches.
        if (taken.length === 0) await held
        taken.push({ request, at: taken.length === 0 ? "first" : "again" })
      },
    }
    const queue = new CdnPurgeQueue([adapter], dir, log, [10])
    // A first release purges everything; an edit after it, merged, still asks for everything.
    queue.add(purgeRequestFor({ changedFiles: null }), "r1")
    queue.add(purgeRequestFor({ changedFiles: ["series/101/index.html"] }), "r2")
    release()
    await queue.settled()
    expect(taken.map((one) => one.at)).toEqual(["first", "again"])
    expect(queue.status()[0]).toMatchObject({ state: "purged", owed: null, last: { releaseId: "r2", all: true } })
    await queue.close()
  })

  it("owes nothing for a release that changed nothing a CDN keeps, and does nothing without a CDN", async () => {
    const cdn = fakeCdn("cdn")
    const queue = new CdnPurgeQueue([cdn.adapter], dir, log)
    queue.add(keys(), "r1")
    await queue.settled()
    expect(cdn.taken).toEqual([])
    expect(queue.status()[0]).toMatchObject({ state: "purged", last: null })
    const none = new CdnPurgeQueue([], dir, log)
    none.add(keys("/"), "r1")
    expect(none.status()).toEqual([])
    await Promise.all([queue.close(), none.close()])
  })
})
