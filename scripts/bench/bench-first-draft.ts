import { execFileSync, type ChildProcess } from "node:child_process"
import { randomUUID } from "node:crypto"
import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import { parseArgs } from "node:util"
import { PROJECT_ROOT, startProcess, stopProcess } from "../../node-kit/process/processes"
import { benchReport, writeBenchReport } from "../lib/bench-report"

/**
 * `npm run bench:first-draft`: a newcomer's first draft. A fresh clone of
 * this checkout's HEAD (its node_modules hard-linked from this one, as
 * `npm install` would have left them, without node_modules/.cache), then
 * `npm start` there as the README says, timed until it prints its addresses
 * (both lanes' cold builds); then the README's draft `curl`, as an editor
 * pastes it, timed until the preview page shows the draft title; then
 * `--drafts` more, one after another. Checks the live site never shows one.
 *
 * Options: `--drafts N` (3: the first draft and 2 more), `--project <dir>`
 * (an existing checkout with its own node_modules, instead of a fresh
 * clone), `--out <file>`. Needs ports 4000, 9000 and 9001 free, as
 * `npm start` does. Writes reports/bench/first-draft-<date>.json and
 * first-draft-latest.json.
 */

const { values } = parseArgs({
  options: { drafts: { type: "string", default: "3" }, project: { type: "string" }, out: { type: "string" } },
})
const draftCount = Number(values.drafts)
if (!Number.isInteger(draftCount) || draftCount < 1) throw new Error(`--drafts wants a whole number of at least 1, not ${values.drafts}`)

const PORTS = { cms: 4000, live: 9000, preview: 9001 }
const EPISODE = 1002
/** How long `npm start` may take to print its addresses: two cold builds, on a slow day. */
const START_DEADLINE_MS = 20 * 60_000
const DRAFT_DEADLINE_MS = 120_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const seconds = (ms: number) => Number((ms / 1000).toFixed(1))

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once("error", () => resolve(false))
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)))
  })
}

/** A fresh clone of HEAD beside node_modules hard-linked from this checkout (no .cache: a fresh install has none). */
function freshClone(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "first-draft-"))
  const clone = path.join(dir, "site")
  execFileSync("git", ["clone", "-q", PROJECT_ROOT, clone])
  execFileSync("cp", ["-al", path.join(PROJECT_ROOT, "node_modules"), path.join(clone, "node_modules")])
  fs.rmSync(path.join(clone, "node_modules", ".cache"), { recursive: true, force: true })
  return clone
}

/** Until `npm start`'s output has "Press Ctrl-C to stop.", or it ends. */
function untilStarted(child: ChildProcess, log: fs.WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = ""
    const timer = setTimeout(() => reject(new Error(`npm start printed no addresses in ${START_DEADLINE_MS / 60_000} minutes: see ${log.path}`)), START_DEADLINE_MS)
    const read = (chunk: Buffer) => {
      log.write(chunk)
      output = `${output}${chunk.toString("utf8")}`.slice(-4096)
      if (output.includes("Press Ctrl-C to stop.")) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout?.on("data", read)
    child.stderr?.on("data", (chunk: Buffer) => log.write(chunk))
    child.once("exit", (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`npm start ended (${signal ?? `exit code ${code}`}) before it printed its addresses: see ${log.path}`))
    })
  })
}

/** The README's draft `curl`, and the seconds until the preview page shows the title. */
async function draftUntilPreviewed(project: string, title: string): Promise<number> {
  const secret = (name: string) => fs.readFileSync(path.join(project, ".secrets", name), "utf8").trim()
  const started = Date.now()
  execFileSync("curl", [
    "-sS",
    "--fail-with-body",
    "-o",
    "/dev/null",
    "-X",
    "PATCH",
    "-H",
    `Authorization: Bearer ${secret("cms-admin-token")}`,
    "-H",
    "content-type: application/json",
    "-d",
    JSON.stringify({ title }),
    `http://127.0.0.1:${PORTS.cms}/admin/drafts/episodes/${EPISODE}`,
  ])
  const signIn = { headers: { authorization: `Bearer ${secret("preview-sign-in-token")}` } }
  while (Date.now() - started < DRAFT_DEADLINE_MS) {
    const page = await fetch(`http://127.0.0.1:${PORTS.preview}/detail/${EPISODE}/`, signIn).then(
      (response) => response.text(),
      () => "",
    )
    if (page.includes(title)) {
      const live = await (await fetch(`http://127.0.0.1:${PORTS.live}/detail/${EPISODE}/`)).text()
      if (live.includes(title)) throw new Error(`The draft "${title}" is on the live site`)
      return Date.now() - started
    }
    await sleep(100)
  }
  throw new Error(`The draft "${title}" was not on the preview page ${DRAFT_DEADLINE_MS / 1000} s after it was saved`)
}

async function main() {
  for (const [name, port] of Object.entries(PORTS)) if (!(await portIsFree(port))) throw new Error(`Port ${port} (${name}) is taken: npm start needs it`)
  const project = values.project ? path.resolve(values.project) : freshClone()
  const logFile = path.join(os.tmpdir(), `first-draft-${Date.now()}.log`)
  const log = fs.createWriteStream(logFile)
  console.log(`npm start in ${project} (its output: ${logFile})`)
  const startedAt = Date.now()
  const child = startProcess(["npm", "start"], [], { cwd: project, env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" }, stdio: ["ignore", "pipe", "pipe"] })
  try {
    await untilStarted(child, log)
    const startS = seconds(Date.now() - startedAt)
    console.log(`npm start printed its addresses after ${startS} s`)
    const draftsMs: number[] = []
    for (let k = 1; k <= draftCount; k++) {
      draftsMs.push(await draftUntilPreviewed(project, `Power and Control, draft ${k} ${randomUUID().slice(0, 8)}`))
      console.log(`draft ${k}: on the preview page after ${seconds(draftsMs.at(-1)!)} s`)
    }
    const results = {
      fromFreshClone: !values.project,
      npmStartToAddressesS: startS,
      firstDraftToPreviewS: seconds(draftsMs[0]!),
      laterDraftsToPreviewS: draftsMs.slice(1).map(seconds),
      log: logFile,
    }
    writeBenchReport(benchReport("first-draft", { drafts: draftCount, project: values.project ?? null }, results, project), { out: values.out })
  } finally {
    await stopProcess(child)
    log.end()
    if (!values.project) fs.rmSync(path.dirname(project), { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
