import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { generateSW, type GenerateSWOptions } from "workbox-build"
import { serviceWorkerKey, writeServiceWorker } from "../../../plugins/gatsby-plugin-offline-workbox/src/service-worker-memo"
import { generateSWOptions } from "../../../plugins/gatsby-plugin-offline-workbox/src/service-worker-options"

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
})

/** A build's public/ with its offline page, and the plugin's cache folder. */
function site(offlinePage = "<h1>You are offline</h1>") {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "sw-memo-"))
  folders.push(root)
  const publicDir = path.join(root, "public")
  fs.mkdirSync(publicDir)
  fs.writeFileSync(path.join(publicDir, "offline.html"), offlinePage)
  return { publicDir, cacheDir: path.join(root, "cache"), offline: path.join(publicDir, "offline.html") }
}

/** generateSW, counting the workers it had to make. */
function countingGenerator() {
  const calls = { count: 0 }
  const generate = async (options: GenerateSWOptions) => {
    calls.count += 1
    return generateSW(options)
  }
  return { calls, generate }
}

async function write(where: ReturnType<typeof site>, generate: ReturnType<typeof countingGenerator>["generate"]) {
  const options = generateSWOptions(where.publicDir) as GenerateSWOptions & { swDest: string }
  return writeServiceWorker(options, serviceWorkerKey(options, [where.offline], "7.4.1"), where.cacheDir, generate)
}

describe("the service worker is made again only when what it is made from changed", () => {
  it("a second build with the same offline page and options reuses the worker, byte for byte", async () => {
    const where = site()
    const { calls, generate } = countingGenerator()
    const first = await write(where, generate)
    const made = fs.readFileSync(path.join(where.publicDir, "sw.js"))
    // The worker as written keeps the matchers' refusals (service-worker-options.ts): admin paths and Authorization.
    expect(made.toString()).toContain(String.raw`/^\/(_publisher|status|releases|hooks)(\/|$)/`)
    expect(made.toString()).toContain('headers.has("authorization")')
    const second = await write(where, generate)
    expect(calls.count).toBe(1)
    expect(second).toMatchObject({ reused: true, count: first.count, size: first.size })
    expect(fs.readFileSync(path.join(where.publicDir, "sw.js")).equals(made)).toBe(true)
  }, 60_000)

  it("a public/ without sw.js gets the kept worker back", async () => {
    const where = site()
    const { calls, generate } = countingGenerator()
    await write(where, generate)
    const made = fs.readFileSync(path.join(where.publicDir, "sw.js"))
    fs.rmSync(path.join(where.publicDir, "sw.js"))
    await write(where, generate)
    expect(calls.count).toBe(1)
    expect(fs.readFileSync(path.join(where.publicDir, "sw.js")).equals(made)).toBe(true)
  }, 60_000)

  it("a changed offline page makes a new worker with the page's new revision", async () => {
    const where = site()
    const { calls, generate } = countingGenerator()
    await write(where, generate)
    const before = fs.readFileSync(path.join(where.publicDir, "sw.js"), "utf8")
    fs.writeFileSync(where.offline, "<h1>No connection</h1>")
    const after = await write(where, generate)
    expect(calls.count).toBe(2)
    expect(after.reused).toBe(false)
    expect(fs.readFileSync(path.join(where.publicDir, "sw.js"), "utf8")).not.toBe(before)
  }, 60_000)

  it("the key changes with a runtime-caching function's source and with workbox's version", () => {
    const where = site()
    const options = generateSWOptions(where.publicDir)
    const key = serviceWorkerKey(options, [where.offline], "7.4.1")
    const [first, ...rest] = options.runtimeCaching!
    const changedRule = { ...options, runtimeCaching: [{ ...first!, urlPattern: () => false }, ...rest] }
    expect(serviceWorkerKey(changedRule, [where.offline], "7.4.1")).not.toBe(key)
    expect(serviceWorkerKey(options, [where.offline], "7.4.2")).not.toBe(key)
    expect(serviceWorkerKey(generateSWOptions(where.publicDir), [where.offline], "7.4.1")).toBe(key)
  })
})
