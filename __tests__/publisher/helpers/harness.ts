import { randomUUID } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { secretKeys, signWebhook, WEBHOOK_HEADERS } from "../../../contract/webhook-signature"
import type { ApiWebhookBody } from "../../../contract/schemas"
import { readConfig, type PublisherConfig } from "../../../publisher/src/config"
import { startPublisher, type Publisher, type StartOptions } from "../../../publisher/src/process/start-publisher"

/** What a test may change: any setting, and how to start. */
export type PublisherOptions = Partial<PublisherConfig> & StartOptions

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 bytes (fixed, so a failure reproduces). */
export const SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`
/** Another valid secret, which the test publisher does not know. */
export const OTHER_SECRET = `whsec_${Buffer.alloc(32, 9).toString("base64")}`
/** As long as PUBLISHER_ADMIN_TOKEN must be (32 characters), fixed so a failure reproduces. */
export const ADMIN_TOKEN = "test-admin-token-0123456789abcdef"
export const FAKE_BUILD = path.join(__dirname, "fake-build.js")

/** What fake-build.js does on its next run (see its header). */
export interface FakePlan {
  version?: string
  seriesVersion?: string
  delayMs?: number
  fail?: boolean
  exitCode?: number
  hang?: boolean
  /** A file's path: the build, its phases printed, waits until the file exists (the test holds it open, then lets it end). */
  holdUntil?: string
  /** The same, for the preview lane's builds only (those given the draft view's token). */
  holdPreviewUntil?: string
  failAtPhase?: number
  lines?: string[]
  stderr?: string[]
  files?: Record<string, string>
  remove?: string[]
  /** Start a worker in the build's group that ignores SIGTERM. */
  worker?: boolean
  /** A preview build's list of drafts (contract/preview/preview-changes.ts), instead of one changed series. */
  previewChanges?: unknown
  /** Episodes read from CATALOGUE_API_URL into detail/{id}/index.html with their titles; one that cannot be read fails the build. */
  catalogueEpisodes?: string[]
  /** Leave .cache/redux/state naming the lane and version, as Gatsby leaves its saved state: the workspace is then warm. */
  saveState?: boolean
}

export interface BuildRecord {
  /** "worker": a process the build left in its group that ignores SIGTERM (plan.worker). */
  event: "start" | "done" | "failed" | "worker"
  pid: number
  at: number
  cwd?: string
  /** The inode of the folder it ran in: a workspace keeps it when the build room moves it. */
  workspace?: number
  /** What .cache/redux/state held when it started (plan.saveState), or null. */
  savedState?: string | null
  version?: string
  /** The names of the build's environment variables. */
  env?: string[]
  /** Whether it was given the draft view's token (CATALOGUE_PREVIEW_TOKEN not empty). */
  draftView?: boolean
  /** CATALOGUE_IMAGE_SERVICE as the build was given it, or null. */
  imageService?: string | null
}

export interface TestPublisher {
  publisher: Publisher
  url: string
  dir: string
  dataDir: string
  setPlan(plan: FakePlan): void
  /** Every run of the fake build so far. */
  records(): BuildRecord[]
  starts(): BuildRecord[]
  /** Stops this publisher (the temp folder stays, for a restart). */
  close(): Promise<void>
  /** Starts a new publisher on the same folders, as after a restart. */
  restart(options?: Partial<PublisherOptions>): Promise<TestPublisher>
  /** Removes the temp folder after closing. */
  dispose(): Promise<void>
}

/** A folder that stands in for the project: the workspace copies it before each build. */
function makeSourceDir(dir: string): string {
  const source = path.join(dir, "project")
  fs.mkdirSync(path.join(source, "src"), { recursive: true })
  fs.writeFileSync(path.join(source, "package.json"), JSON.stringify({ name: "fake-site", private: true }))
  fs.writeFileSync(path.join(source, "src", "page.txt"), "the site's sources")
  return source
}

/**
 * A publisher in a temp folder whose builds run fake-build.js, on a free
 * port, quiet, with a short debounce. `plan` is the first build's plan.
 * Its status is open on loopback, as under `npm start`, so tests read it
 * without the token; status-access.test.ts turns that off.
 */
export async function startTestPublisher(options: Partial<PublisherOptions> & { plan?: FakePlan; dir?: string } = {}): Promise<TestPublisher> {
  const { plan, dir: givenDir, initialBuild, listenFd, ...settings } = options
  const dir = givenDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "publisher-test-"))
  const planFile = path.join(dir, "plan.json")
  const recordFile = path.join(dir, "builds.jsonl")
  const sourceDir = fs.existsSync(path.join(dir, "project")) ? path.join(dir, "project") : makeSourceDir(dir)
  if (plan) fs.writeFileSync(planFile, JSON.stringify(plan))
  const dataDir = path.join(dir, "data")

  const publisher = await startPublisher(
    {
      ...readConfig({}),
      host: "127.0.0.1",
      port: 0,
      dataDir,
      workspaceDir: path.join(dataDir, "workspace"),
      databaseFile: path.join(dataDir, "publisher.db"),
      sourceDir,
      webhookKeys: secretKeys(SECRET),
      adminToken: ADMIN_TOKEN,
      statusOpenOnLoopback: true,
      buildCommand: [process.execPath, FAKE_BUILD],
      buildTimeoutMs: 20_000,
      debounceMs: 50,
      keepReleases: 10,
      buildEnv: { PATH: process.env.PATH, FAKE_BUILD_PLAN: planFile, FAKE_BUILD_RECORD: recordFile },
      logging: { level: "silent", format: "json" },
      ...settings,
    },
    { initialBuild, listenFd },
  )

  const records = (): BuildRecord[] =>
    fs.existsSync(recordFile)
      ? fs
          .readFileSync(recordFile, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as BuildRecord)
      : []
  const self: TestPublisher = {
    publisher,
    url: publisher.url,
    dir,
    dataDir,
    setPlan: (next) => fs.writeFileSync(planFile, JSON.stringify(next)),
    records,
    starts: () => records().filter((record) => record.event === "start"),
    close: () => publisher.close(),
    restart: async (more = {}) => {
      await publisher.close()
      return startTestPublisher({ ...options, ...more, plan: undefined, dir })
    },
    dispose: async () => {
      await publisher.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
  return self
}

export interface HookOptions {
  /** Signs with this secret (or these, space-separated) instead of SECRET. */
  secret?: string
  timestamp?: number
  /** The webhook-id; a fresh UUID by default. */
  eventId?: string
  /** Sent as is, instead of the JSON of `body`. */
  rawBody?: string
  omit?: ("signature" | "timestamp" | "id")[]
  signature?: string
}

/** The Standard Webhooks headers of one delivery, signed unless told otherwise. */
export function hookHeaders(raw: string, options: HookOptions = {}): Record<string, string> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000)
  const id = options.eventId ?? randomUUID()
  const headers: Record<string, string> = {
    "content-type": "application/json",
    [WEBHOOK_HEADERS.id]: id,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: options.signature ?? signWebhook(options.secret ?? SECRET, { id, timestamp, body: raw }),
  }
  for (const omitted of options.omit ?? []) delete headers[WEBHOOK_HEADERS[omitted]]
  return headers
}

/** POSTs a webhook as the CMS does, signed unless told otherwise. */
export async function sendHook(url: string, body: ApiWebhookBody, options: HookOptions = {}): Promise<Response> {
  const raw = options.rawBody ?? JSON.stringify(body)
  return fetch(`${url}/hooks/catalogue`, { method: "POST", headers: hookHeaders(raw, options), body: raw })
}

/** Resolves as `promise` does, or fails saying `what` did not happen when it has not settled within `timeoutMs`. */
export async function settlesWithin<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let deadline: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_resolve, reject) => {
    deadline = setTimeout(() => reject(new Error(`Timed out waiting for ${what}`)), timeoutMs)
  })
  try {
    return await Promise.race([promise, expired])
  } finally {
    clearTimeout(deadline)
  }
}

export const episode = (id: number) => ({ type: "episode" as const, id })
