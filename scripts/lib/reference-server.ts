import type { ChildProcess, SpawnOptions } from "node:child_process"
import path from "node:path"
import { DEFAULT_VIDEO_API_TOKEN } from "../../cms/src/config"
import { PROJECT_ROOT, startProcess, stopProcess, waitForHttp } from "../../node-kit/process/processes"
import { newAdminToken } from "./local-secrets"
import { startTlsFront } from "./player-tls"

/** The reference server's command line: its entry point through tsx, on the Node that runs this one. */
export const REFERENCE_SERVER_COMMAND = [process.execPath, "--import", "tsx", path.join(PROJECT_ROOT, "cms", "src", "main.ts")] as const

/**
 * Drawn originals shared by the servers the test suite starts (CMS_DRAWINGS_DIR): a fresh server would
 * otherwise draw the sample's 166 pictures again as the first build asks for them, about 17 s of a
 * processor each time. Beside the catalogue image store, outside every data folder a test removes.
 */
export const SHARED_DRAWINGS_DIR = path.join(PROJECT_ROOT, "node_modules", ".cache", "reference-drawings")

export interface ReferenceServer {
  child: ChildProcess
  origin: string
  /** The build's environment for this server: catalogue-api.md's variables pointing at it. */
  buildEnv: NodeJS.ProcessEnv
  /** The admin API's bearer token (CMS_ADMIN_TOKEN) this server was started with. */
  adminToken: string
  /** An editor's change through the admin API; throws unless it succeeded. */
  edit(path: string, fields: unknown): Promise<void>
  /** An editor's deletion through the admin API; throws unless it succeeded. */
  remove(path: string): Promise<void>
  /** Takes an episode's video off the stand-in video host, as if deleted there. */
  withdrawVideo(episodeId: number): Promise<void>
  /**
   * With `playerOrigin`: the Chromium flags that send its host name to this
   * server (`--host-resolver-rules=MAP player.vimeo.com 127.0.0.1:{port}`,
   * the port of the HTTPS front when the origin is https, and the flag that
   * trusts that front's certificate and no other); empty without.
   */
  playerBrowserArgs: string[]
}

export interface ReferenceServerOptions {
  port: number
  /** Data folder; the server's default (cms/data) when unset. */
  dataDir?: string
  /** CMS_DRAWINGS_DIR: where drawn originals are kept, e.g. SHARED_DRAWINGS_DIR; the data folder when unset. */
  drawingsDir?: string
  videoApiToken?: string
  /** CMS_ADMIN_TOKEN; a fresh random one when unset. */
  adminToken?: string
  stdio?: SpawnOptions["stdio"]
  /** More of the server's environment, e.g. CMS_WEBHOOK_URL and PUBLISH_WEBHOOK_SECRET. */
  env?: NodeJS.ProcessEnv
  /**
   * VIDEO_PLAYER_ORIGIN, e.g. `https://player.vimeo.com`: player links name that origin (`/video/{path}`)
   * so that the host's own SDK accepts the reference player. An https origin gets an HTTPS front with a
   * throwaway certificate (player-tls.ts), closed when the server stops. See `playerBrowserArgs`.
   */
  playerOrigin?: string
}

/**
 * The HTTPS front an https player origin needs, closed when the server's
 * process ends, and the Chromium flag that maps the origin's name to it.
 */
async function playerFront(playerOrigin: string | undefined, port: number, child: ChildProcess): Promise<string[]> {
  if (!playerOrigin) return []
  const { hostname, protocol } = new URL(playerOrigin)
  if (protocol !== "https:") return [`--host-resolver-rules=MAP ${hostname} 127.0.0.1:${port}`]
  const front = await startTlsFront(hostname, port)
  child.once("exit", () => void front.close())
  // Trusts the front's throwaway certificate alone, for every context: no other certificate error is ignored.
  return [`--host-resolver-rules=MAP ${hostname} 127.0.0.1:${front.port}`, `--ignore-certificate-errors-spki-list=${front.spkiHash}`]
}

/** Starts the bundled catalogue server on loopback and waits until it answers. */
export async function startReferenceServer(options: ReferenceServerOptions): Promise<ReferenceServer> {
  const origin = `http://127.0.0.1:${options.port}`
  const videoApiToken = options.videoApiToken || DEFAULT_VIDEO_API_TOKEN
  const adminToken = options.adminToken || newAdminToken()
  /** A request to the admin API, with the token and (when there is one) a JSON body. */
  const admin = (method: string, path: string, body?: unknown) =>
    fetch(`${origin}/admin/${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const child = startProcess(REFERENCE_SERVER_COMMAND, [], {
    stdio: options.stdio ?? "inherit",
    env: {
      ...process.env,
      CMS_HOST: "127.0.0.1",
      CMS_PORT: String(options.port),
      VIDEO_API_TOKEN: videoApiToken,
      CMS_ADMIN_TOKEN: adminToken,
      ...(options.dataDir ? { CMS_DATA_DIR: options.dataDir } : {}),
      ...(options.drawingsDir ? { CMS_DRAWINGS_DIR: options.drawingsDir } : {}),
      ...(options.playerOrigin ? { VIDEO_PLAYER_ORIGIN: options.playerOrigin } : {}),
      ...options.env,
    },
  })
  let playerBrowserArgs: string[]
  try {
    await waitForHttp(`${origin}/health`, child)
    playerBrowserArgs = await playerFront(options.playerOrigin, options.port, child)
  } catch (error) {
    await stopProcess(child)
    throw error
  }
  return {
    child,
    origin,
    adminToken,
    playerBrowserArgs,
    buildEnv: {
      ...process.env,
      GATSBY_TELEMETRY_DISABLED: "1",
      CATALOGUE_API_URL: `${origin}/api`,
      VIDEO_API_URL: `${origin}/video-host`,
      VIDEO_API_TOKEN: videoApiToken,
    },
    async edit(path, fields) {
      const response = await admin("PATCH", path, fields)
      if (!response.ok) throw new Error(`Editing ${path} failed: HTTP ${response.status} ${await response.text()}`)
    },
    async remove(path) {
      const response = await admin("DELETE", path)
      if (!response.ok) throw new Error(`Deleting ${path} failed: HTTP ${response.status} ${await response.text()}`)
    },
    async withdrawVideo(episodeId) {
      const episode = await fetch(`${origin}/api/episodes/${episodeId}`)
      if (!episode.ok) throw new Error(`Reading episode ${episodeId} failed: HTTP ${episode.status}`)
      const { path } = ((await episode.json()) as { data: { path: string } }).data
      const response = await admin("DELETE", `video-host/videos/${encodeURIComponent(path)}`)
      if (!response.ok) throw new Error(`Withdrawing video ${path} failed: HTTP ${response.status} ${await response.text()}`)
    },
  }
}
