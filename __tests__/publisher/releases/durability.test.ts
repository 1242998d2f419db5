import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { listReleases, liveReleaseId, releasePaths } from "../../../publisher/src/releases/releases"
import { episode, sendHook, startTestPublisher, type TestPublisher } from "../helpers/harness"

const home = async (site: TestPublisher) => {
  const response = await fetch(`${site.url}/`)
  return `${response.status} ${(await response.text()).match(/Home v\d/)?.[0]}`
}

describe("a live release lost under `current` (a power loss before its files reached the disk)", () => {
  let site: TestPublisher
  afterEach(async () => site.dispose())

  it("is replaced at start by the newest intact release, and a build brings the site up to date", async () => {
    site = await startTestPublisher({ plan: { version: "v1" } })
    await site.publisher.idle()
    site.setPlan({ version: "v2" })
    await sendHook(site.url, { event: "publish", refs: [episode(1001)] })
    await site.publisher.idle()
    const [first, second] = listReleases(site.dataDir)
    expect(liveReleaseId(site.dataDir)).toBe(second)
    await site.close()

    fs.rmSync(path.join(releasePaths(site.dataDir).releasesDir, second ?? ""), { recursive: true })
    site.setPlan({ version: "v3", delayMs: 500 })
    site = await site.restart()
    // Serving from the first answer on: the older release, whole, while the recovery build runs.
    expect(liveReleaseId(site.dataDir)).toBe(first)
    expect(await home(site)).toBe("200 Home v1")
    expect(site.publisher.status().queued.concat(site.publisher.status().building ?? [])).toEqual([expect.objectContaining({ trigger: "release recovery" })])
    await site.publisher.idle()
    expect(await home(site)).toBe("200 Home v3")
    expect(listReleases(site.dataDir)).not.toContain(second)
  }, 30_000)
})

/**
 * A small tmpfs over `dir` when this process may mount one (root), else
 * undefined. Unmounted by the returned function.
 */
function mountSmallDisk(dir: string, size: string): (() => void) | undefined {
  if (process.getuid?.() !== 0) return undefined
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stdio: "ignore" })
    return () => execFileSync("umount", ["-l", dir], { stdio: "ignore" })
  } catch {
    return undefined
  }
}

describe("a full disk", () => {
  it("fails the job with a plain reason on the status page; the site and the service stay up", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "publisher-full-disk-"))
    const dataDir = path.join(dir, "data")
    fs.mkdirSync(dataDir)
    // A real full disk where root may mount a 4 MB tmpfs for the data folder; else the error injected where the release is written.
    const unmount = mountSmallDisk(dataDir, "4m")
    const filler = path.join(dataDir, "filler")
    const site = await startTestPublisher({ dir, dataDir, workspaceDir: path.join(dir, "workspace"), plan: { version: "v1" } })
    try {
      await site.publisher.idle()
      const live = liveReleaseId(dataDir)
      const big = { "big.bin": "x".repeat(1024 * 1024) }
      let copy: jest.SpyInstance | undefined
      if (unmount) {
        // Leave about 200 KB: the SQLite records fit, a release with a 1 MB file does not.
        const free = Number(execFileSync("df", ["-B1", "--output=avail", dataDir], { encoding: "utf8" }).trim().split("\n")[1])
        fs.writeFileSync(filler, Buffer.alloc(Math.max(0, free - 200 * 1024)))
      } else {
        copy = jest.spyOn(fs, "copyFileSync").mockImplementation(() => {
          throw Object.assign(new Error("ENOSPC: no space left on device, copyfile"), { code: "ENOSPC" })
        })
      }
      site.setPlan({ version: "v2", files: big })
      await sendHook(site.url, { event: "publish", refs: [episode(1001)] })
      await site.publisher.idle()
      copy?.mockRestore()

      const job = site.publisher.status().recent[0]
      expect(job).toMatchObject({
        status: "failed",
        reason: "the build finished but its release could not be made: the disk is full (no space left on device) [ENOSPC]",
      })
      expect(liveReleaseId(dataDir)).toBe(live)
      expect(await home(site)).toBe("200 Home v1")
      const page = await (await fetch(`${site.url}/_publisher/`)).text()
      expect(page).toContain("the disk is full (no space left on device)")
      // Nothing half made is left to fill the disk further.
      expect(fs.readdirSync(releasePaths(dataDir).releasesDir)).toEqual([live])

      // Space again: the next build publishes.
      fs.rmSync(filler, { force: true })
      await sendHook(site.url, { event: "publish", refs: [episode(1002)] })
      await site.publisher.idle()
      expect(await home(site)).toBe("200 Home v2")
    } finally {
      await site.close()
      unmount?.()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 30_000)
})
