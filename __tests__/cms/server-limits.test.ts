import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import { databaseFile } from "../../cms/src/config"
import { openDatabase } from "../../cms/src/catalogue/database/database"
import { buildServer } from "../../cms/src/server"
import { REQUEST_TIMEOUT_MS } from "../../node-kit/http/app"
import { startTestServer } from "./helpers/test-server"

/** What the server sends on a raw connection that sends `head` and then nothing, until it closes the connection. */
function answerToUnfinishedRequest(origin: string, head: string): Promise<string> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(head))
    let received = ""
    socket.on("data", (chunk) => (received += chunk.toString("latin1")))
    socket.on("error", reject)
    socket.on("close", () => resolve(received))
  })
}

describe("the request timeout", () => {
  it("gives a client 30 s to send a whole request, where Fastify's default waits for ever", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cms-timeout-"))
    const db = openDatabase(databaseFile(dataDir))
    try {
      const app = buildServer({ db, mediaDir: dataDir, videoApiToken: "t" })
      expect(REQUEST_TIMEOUT_MS).toBe(30_000)
      expect(app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS)
      // Node leaves a request whose body never ends unchecked while headersTimeout exceeds requestTimeout.
      expect(app.server.headersTimeout).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS)
      await app.close()
    } finally {
      db.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it("answers 408 and closes the connection of a client that stops halfway through its request", async () => {
    const server = await startTestServer({ requestTimeoutMs: 300 })
    try {
      // Headers promise a body that never comes, as a client trickling bytes to hold sockets open would.
      const head = "POST /api/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
      const answer = await answerToUnfinishedRequest(server.origin, head)
      expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    } finally {
      await server.destroy()
    }
  })
})
