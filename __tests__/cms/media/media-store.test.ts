import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import sharp from "sharp"
import { mediaDir } from "../../../cms/src/config"
import { JobGate, type MediaLimits } from "../../../cms/src/media/jobs"
import type { MediaStore } from "../../../cms/src/media/store"
import { startTestServer, type TestServer } from "../helpers/test-server"
import { waitFor } from "../../helpers/wait-for"

/** A promise and the function that settles it: a job the test ends when it chooses. */
function gateHeld(): { done: Promise<void>; release: () => void } {
  let release = () => {}
  const done = new Promise<void>((resolve) => (release = resolve))
  return { done, release }
}

/** A test server with its picture store in hand. */
async function serverWith(limits: Partial<MediaLimits>): Promise<{ server: TestServer; store: MediaStore }> {
  let store: MediaStore | undefined
  const server = await startTestServer({ mediaLimits: limits, onMediaStore: (built) => (store = built) })
  return { server, store: store! }
}

async function image(server: TestServer, url: string) {
  const response = await fetch(`${server.origin}${url}`)
  return { response, bytes: Buffer.from(await response.arrayBuffer()) }
}

describe("JobGate", () => {
  it("runs `concurrency` jobs, queues `queue` more, refuses the rest, and hands a finished job's slot to the first waiter", async () => {
    const gate = new JobGate(2, 1)
    const first = gateHeld()
    const second = gateHeld()
    const order: string[] = []
    const running = [gate.tryRun(() => first.done), gate.tryRun(() => second.done)]
    const queued = gate.tryRun(async () => void order.push("queued ran"))
    expect(running.every(Boolean) && queued).toBeTruthy()
    expect(gate.tryRun(async () => void order.push("refused ran"))).toBeUndefined()
    expect(gate.busy).toBe(3)
    first.release()
    await queued
    second.release()
    await Promise.all(running)
    expect(order).toEqual(["queued ran"])
    expect(gate.busy).toBe(0)
  })
})

describe("GET /media/{name}?w=&fm= within limits", () => {
  it("draws a variant at its own width, without drawing the 1600 px original, and the same whether or not the original was drawn", async () => {
    const { server } = await serverWith({})
    try {
      const small = await image(server, "/media/episode-1002.jpg?w=64&fm=jpg")
      expect(small.response.status).toBe(200)
      expect(await sharp(small.bytes).metadata()).toMatchObject({ width: 64, height: 40, format: "jpeg" })
      expect(fs.existsSync(path.join(mediaDir(server.dataDir), "episode-1002.jpg"))).toBe(false)

      expect((await image(server, "/media/episode-1003.jpg")).response.status).toBe(200)
      const afterDrawing = await image(server, "/media/episode-1003.jpg?w=64&fm=jpg")
      const other = await startTestServer({})
      try {
        const neverDrawn = await image(other, "/media/episode-1003.jpg?w=64&fm=jpg")
        expect(neverDrawn.bytes.equals(afterDrawing.bytes)).toBe(true)
      } finally {
        await other.destroy()
      }
    } finally {
      await server.destroy()
    }
  })

  it("makes a variant once for many requests that arrive together (single-flight)", async () => {
    const { server, store } = await serverWith({ concurrency: 1, queue: 64 })
    try {
      // The one slot is taken, so every request arrives while the variant is still to be made.
      const held = gateHeld()
      const holding = store.gate.tryRun(() => held.done)
      const N = 8
      const answers = Array.from({ length: N }, () => image(server, "/media/episode-1002.jpg?w=480&fm=webp"))
      await waitFor(() => store.counts.asked === N, { timeout: 10_000, what: `${N} requests to reach the store` })
      held.release()
      await holding
      const served = await Promise.all(answers)
      expect(served.map(({ response }) => response.status)).toEqual(Array(N).fill(200))
      expect(new Set(served.map(({ bytes }) => bytes.toString("base64"))).size).toBe(1)
      expect(store.counts.resized).toBe(1)
      expect((await sharp(served[0]!.bytes).metadata()).width).toBe(480)
    } finally {
      await server.destroy()
    }
  })

  it("answers 503 with Retry-After when as many pictures are being made and waiting as allowed, and serves what is kept meanwhile", async () => {
    const { server, store } = await serverWith({ concurrency: 1, queue: 0 })
    try {
      expect((await image(server, "/media/series-101.jpg?w=320")).response.status).toBe(200)
      const held = gateHeld()
      const holding = store.gate.tryRun(() => held.done)
      for (const url of ["/media/series-101.jpg?w=640", "/media/series-102.jpg"]) {
        const refused = await fetch(`${server.origin}${url}`)
        expect(refused.status).toBe(503)
        expect(refused.headers.get("retry-after")).toBe("1")
        expect(refused.headers.get("cache-control")).toBe("no-store")
        expect(((await refused.json()) as { message: string }).message).toMatch(/image service is making as many pictures as it can/)
      }
      expect(store.counts.refused).toBe(2)
      // Already made: served without a slot.
      expect((await image(server, "/media/series-101.jpg?w=320")).response.status).toBe(200)
      held.release()
      await holding
      expect((await image(server, "/media/series-101.jpg?w=640")).response.status).toBe(200)
    } finally {
      await server.destroy()
    }
  })

  it("keeps at most keptVariants variants on disk, the least recently served removed first, and makes a removed one again", async () => {
    const { server, store } = await serverWith({ keptVariants: 2 })
    try {
      const resized = path.join(mediaDir(server.dataDir), "resized")
      const ask = async (width: number) => expect((await image(server, `/media/series-101.jpg?w=${width}&fm=webp`)).response.status).toBe(200)
      await ask(160)
      await ask(320)
      await ask(160) // served again: now the most recent
      await ask(480)
      expect(fs.readdirSync(resized).sort()).toEqual(["series-101-w160.webp", "series-101-w480.webp"])
      expect(store.counts.resized).toBe(3)
      await ask(320)
      expect(store.counts.resized).toBe(4)
      expect(fs.readdirSync(resized)).toHaveLength(2)
    } finally {
      await server.destroy()
    }
  })

  it("counts the variants an earlier run left against the limit", async () => {
    const first = await serverWith({ keptVariants: 3 })
    for (const width of [160, 320, 480]) await image(first.server, `/media/series-101.jpg?w=${width}`)
    const server = await first.server.restart()
    try {
      expect((await image(server, "/media/series-101.jpg?w=640")).response.status).toBe(200)
      expect(fs.readdirSync(path.join(mediaDir(server.dataDir), "resized"))).toHaveLength(3)
    } finally {
      await server.destroy()
    }
  })
})

describe("drawings shared between servers (CMS_DRAWINGS_DIR)", () => {
  it("draws a picture once for every server that shares the folder, and keeps each server's variants its own", async () => {
    const drawingsDir = fs.mkdtempSync(path.join(os.tmpdir(), "shared-drawings-"))
    const servers: { server: TestServer; store: MediaStore }[] = []
    try {
      for (let index = 0; index < 2; index++) {
        let store: MediaStore | undefined
        const server = await startTestServer({ drawingsDir, onMediaStore: (built) => (store = built) })
        servers.push({ server, store: store! })
      }
      const [first, second] = servers as [(typeof servers)[0], (typeof servers)[0]]
      const original = await image(first.server, "/media/series-101.jpg")
      expect(original.response.status).toBe(200)
      const again = await image(second.server, "/media/series-101.jpg")
      expect(again.bytes.equals(original.bytes)).toBe(true)
      expect([first.store.counts.drawn, second.store.counts.drawn]).toEqual([1, 0])
      expect(fs.readdirSync(drawingsDir)).toEqual(["series-101.jpg"])

      expect((await image(second.server, "/media/series-101.jpg?w=320&fm=webp")).response.status).toBe(200)
      expect(fs.readdirSync(path.join(mediaDir(second.server.dataDir), "resized"))).toEqual(["series-101-w320.webp"])
      expect(fs.existsSync(path.join(mediaDir(first.server.dataDir), "resized"))).toBe(false)
    } finally {
      await Promise.all(servers.map(({ server }) => server.destroy()))
      fs.rmSync(drawingsDir, { recursive: true, force: true })
    }
  })
})
