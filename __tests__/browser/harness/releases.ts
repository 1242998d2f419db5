import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import type { AddressInfo } from "node:net"
import { COMMANDS, runToCompletion } from "../../../node-kit/process/processes"
import { createStaticHandler } from "../../../node-kit/http/static-server"

/** webpack's hashed output: `app-<hash>.js`, `452-<hash>.js`, `styles.<hash>.css`, with their maps and licence files. */
const HASHED = /[.-]([0-9a-f]{16,})\.(js|css)(\.map|\.LICENSE\.txt)?$/

/**
 * Copies a build to `to`, leaving out the hashed scripts and styles of
 * earlier builds that `gatsby build` leaves in public/: a host that serves a
 * fresh build has only this build's chunks, which is what makes an old page's
 * chunk request fail after a code deploy (gatsbyjs/gatsby#39041). A chunk
 * belongs to this build when webpack's runtime of this build names its hash.
 */
export function copyRelease(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true })
  const stats = JSON.parse(fs.readFileSync(path.join(to, "webpack.stats.json"), "utf8")) as {
    namedChunkGroups: Record<string, { assets: { name: string }[] }>
  }
  const appFiles = stats.namedChunkGroups.app?.assets.map((asset) => asset.name) ?? []
  const runtime = appFiles.find((file) => file.startsWith("webpack-runtime-"))
  if (!runtime) throw new Error(`No webpack runtime in ${from}/webpack.stats.json`)
  const named = fs.readFileSync(path.join(to, runtime), "utf8") + appFiles.join(" ")
  for (const file of fs.readdirSync(to)) {
    const hash = HASHED.exec(file)?.[1]
    if (hash && !named.includes(hash)) fs.rmSync(path.join(to, file))
  }
}

/** Runs `gatsby build` in the site folder `cwd`, into its public/ (the caller copies it away); resolves with its seconds. */
export async function rebuild(env: NodeJS.ProcessEnv, logFile: string, cwd: string): Promise<number> {
  const log = fs.openSync(logFile, "a")
  const started = Date.now()
  try {
    await runToCompletion(COMMANDS.gatsby, ["build"], { cwd, stdio: ["ignore", log, log], env }).done
  } finally {
    fs.closeSync(log)
  }
  return (Date.now() - started) / 1000
}

export interface SwitchableSite {
  /** http://localhost:<port>: service workers run on localhost without HTTPS; 127.0.0.1 would not do. */
  origin: string
  /**
   * Serves `root` from the next request on, as a deploy that switches
   * releases atomically; `null` cuts every connection, as a network that is
   * gone (whatever the browser's own offline emulation covers).
   */
  serve(root: string | null): void
  /**
   * From the next request on, answers whose path matches `paths` leave only
   * after `ms` (a slow network for those files); `null` makes every answer
   * prompt again, those still waiting included.
   */
  slow(paths: RegExp | null, ms?: number): void
  close(): Promise<void>
}

/**
 * Serves one release directory at a time with production headers (HTML,
 * page data and sw.js revalidated, hashed files immutable: the publisher's
 * handler), listening on loopback.
 */
export function startSwitchableSite(firstRoot: string | null): Promise<SwitchableSite> {
  let root: string | null = firstRoot
  let slow: { paths: RegExp; ms: number } | null = null
  /** Answers held back by `slow`, each with its timer. */
  const late = new Map<() => void, NodeJS.Timeout>()
  const answerLateNow = () => {
    for (const [answer, timer] of late) {
      clearTimeout(timer)
      answer()
    }
    late.clear()
  }
  const handle = createStaticHandler({ root: () => root ?? undefined })
  const server = http.createServer((request, response) => {
    if (root === null) return request.socket.destroy()
    const delay = slow && slow.paths.test(new URL(request.url ?? "/", "http://localhost").pathname) ? slow.ms : 0
    if (delay === 0) return void handle(request, response)
    const answer = () => {
      late.delete(answer)
      void handle(request, response)
    }
    late.set(answer, setTimeout(answer, delay))
  })
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resolve({
        origin: `http://localhost:${port}`,
        serve: (next) => {
          root = next
          // Kept-alive connections would otherwise still answer from the old folder's handler.
          if (next === null) server.closeAllConnections()
        },
        slow: (paths, ms = 0) => {
          slow = paths ? { paths, ms } : null
          if (!slow) answerLateNow()
        },
        close: () =>
          new Promise<void>((done) => {
            for (const timer of late.values()) clearTimeout(timer)
            late.clear()
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}
