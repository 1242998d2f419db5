import type { ChildProcess } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { PROJECT_ROOT, startProcess, stopProcess, waitForHttp } from "../../../node-kit/process/processes"
import type { StatusReport } from "../../../publisher/src/http/status"
import { FAKE_BUILD, type FakePlan } from "../../publisher/helpers/harness"

// The publisher as `npm run publisher` runs it (a supervisor holding the
// port, the server in a child), in a process group of its own on
// 127.0.0.1, building with the publisher tests' fake build, its log kept
// as an operator reads it. Stopped by its pid; started again on the same
// data folder and port, as after a restart.

export interface PublisherProcessOptions {
  /** Its folder: the fake project it builds, its data, the build's plan and record. */
  dir: string
  port: number
  /** CATALOGUE_API_URL, which the fake build reads and the changes poller asks. */
  apiUrl: string
  webhookSecret: string
  /** PUBLISHER_CHANGES_POLL_MS. */
  changesPollMs: number
  plan: FakePlan
}

export interface PublisherProcess {
  url: string
  /** Everything it logged so far, every start of it, colours removed. */
  output(): string
  status(): Promise<StatusReport>
  /** The page at `route`, its status and text. */
  page(route: string): Promise<{ status: number; text: string }>
  /** Whether it was started and not stopped since. */
  running(): boolean
  start(): Promise<void>
  stop(): Promise<void>
}

export function publisherProcess(options: PublisherProcessOptions): PublisherProcess {
  const project = path.join(options.dir, "project")
  fs.mkdirSync(path.join(project, "src"), { recursive: true })
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "fake-site", private: true }))
  fs.writeFileSync(path.join(options.dir, "plan.json"), JSON.stringify(options.plan))
  const url = `http://127.0.0.1:${options.port}`
  let child: ChildProcess | undefined
  let printed = ""
  return {
    url,
    output: () => printed,
    status: async () => (await (await fetch(`${url}/status`)).json()) as StatusReport,
    async page(route) {
      const response = await fetch(`${url}${route}`)
      return { status: response.status, text: await response.text() }
    },
    running: () => child !== undefined,
    async start() {
      child = startProcess([process.execPath, "--import", "tsx", path.join(PROJECT_ROOT, "publisher/src/main.ts")], [], {
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          PUBLISHER_HOST: "127.0.0.1",
          PUBLISHER_PORT: String(options.port),
          PUBLISHER_DATA_DIR: path.join(options.dir, "data"),
          PUBLISHER_SOURCE_DIR: project,
          PUBLISHER_BUILD_COMMAND: `"${process.execPath}" "${FAKE_BUILD}"`,
          PUBLISH_WEBHOOK_SECRET: options.webhookSecret,
          PUBLISHER_DEBOUNCE_MS: "50",
          PUBLISHER_CHANGES_POLL_MS: String(options.changesPollMs),
          // The tests read /status without a token, as `npm start` lets a developer.
          PUBLISHER_STATUS_OPEN_ON_LOOPBACK: "on",
          CATALOGUE_API_URL: options.apiUrl,
          FAKE_BUILD_PLAN: path.join(options.dir, "plan.json"),
          FAKE_BUILD_RECORD: path.join(options.dir, "builds.jsonl"),
          LOG_LEVEL: "info",
          LOG_FORMAT: "pretty",
        },
      })
      // eslint-disable-next-line no-control-regex -- strips the terminal's escape sequences, which start with ESC
      const collect = (chunk: Buffer) => (printed += chunk.toString("utf8").replace(/\x1b\[[0-9;]*m/g, ""))
      child.stdout?.on("data", collect)
      child.stderr?.on("data", collect)
      try {
        await waitForHttp(`${url}/status`, child, 60_000)
      } catch (error) {
        await stopProcess(child)
        child = undefined
        throw new Error(`${String(error)}\nThe publisher printed:\n${printed.slice(-4000)}`)
      }
    },
    async stop() {
      if (child) await stopProcess(child)
      child = undefined
    },
  }
}
