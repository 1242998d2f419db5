import fs from "node:fs"
import https from "node:https"
import os from "node:os"
import path from "node:path"
import type { TLSSocket } from "node:tls"
import { freePort, stopProcess } from "../../../node-kit/process/processes"
import { spkiHashOf } from "../../../scripts/lib/player-tls"
import { startReferenceServer, type ReferenceServer } from "../../../scripts/lib/reference-server"
import { waitFor } from "../../helpers/wait-for"

// scripts/lib/reference-server.ts's `playerOrigin`, as the browser tests use
// it: the server started with VIDEO_PLAYER_ORIGIN, an HTTPS front for an
// https origin, and the Chromium flags that map the name to it and trust its certificate.
jest.setTimeout(60_000)

let dataDir: string
let server: ReferenceServer | undefined

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "reference-player-"))
})

afterAll(async () => {
  if (server) await stopProcess(server.child)
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** A GET over TLS to 127.0.0.1:`port` for the name player.vimeo.com, as Chromium sends it once the name is mapped. */
const overTls = (port: number, url: string) =>
  new Promise<{ status: number; text: string; certificate: Buffer }>((resolve, reject) => {
    const request = https.get(
      { host: "127.0.0.1", port, path: url, servername: "player.vimeo.com", headers: { host: "player.vimeo.com" }, rejectUnauthorized: false },
      (response) => {
        let text = ""
        const certificate = (response.socket as TLSSocket).getPeerCertificate().raw
        response.on("data", (chunk) => (text += chunk))
        response.on("end", () => resolve({ status: response.statusCode!, text, certificate }))
      },
    )
    request.on("error", reject)
  })

it("serves the player under an https playerOrigin through an HTTPS front, closed with the server", async () => {
  server = await startReferenceServer({ port: await freePort(), dataDir, stdio: "ignore", playerOrigin: "https://player.vimeo.com" })
  const video = await fetch(`${server.buildEnv.VIDEO_API_URL}/videos/760001001`, {
    headers: { authorization: `Bearer ${server.buildEnv.VIDEO_API_TOKEN}` },
  }).then((response) => response.json() as Promise<{ player_embed_url: string }>)
  expect(video.player_embed_url).toBe("https://player.vimeo.com/video/760001001")

  const [flag, trust] = server.playerBrowserArgs
  const port = Number(/^--host-resolver-rules=MAP player\.vimeo\.com 127\.0\.0\.1:(\d+)$/.exec(flag ?? "")?.[1])
  expect(server.playerBrowserArgs).toHaveLength(2)
  expect(port).not.toBe(Number(new URL(server.origin).port))
  const page = await overTls(port, "/video/760001001")
  expect(page.status).toBe(200)
  // Chromium trusts the front's certificate, by its key's hash, and nothing else.
  expect(trust).toBe(`--ignore-certificate-errors-spki-list=${spkiHashOf(page.certificate)}`)
  expect(page.text).toContain('aria-label="Seek"')

  await stopProcess(server.child)
  server = undefined
  // The front closes on the server's exit event, and a listening socket is released a moment after close():
  // a connection made in that moment is accepted and then cut. Refused within the deadline is the point.
  await frontRefuses(port, 5000)
})

/** Until a connection to the front is refused (nothing listens); the failure names what a connection got instead. */
function frontRefuses(port: number, deadlineMs: number): Promise<true> {
  return waitFor(
    async () => {
      try {
        const page = await overTls(port, "/video/760001001")
        throw new Error(`the front answered HTTP ${page.status}`)
      } catch (error) {
        if (/ECONNREFUSED/.test(String(error))) return true
        throw error
      }
    },
    { timeout: deadlineMs, what: "the HTTPS front to refuse connections after the server stopped", interval: 50 },
  )
}
