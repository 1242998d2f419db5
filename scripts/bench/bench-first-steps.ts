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
 * `npm run bench:first-steps`: the README's path for a newcomer, timed. A
 * fresh clone of this checkout's HEAD; `npm install` there as the README
 * says; `npm start`, timed until it prints the addresses (the site serves)
 * and until it says Ready (the preview serves too); at once the README's edit
 * `curl`, timed until the live page shows the title, then its draft `curl`,
 * until the preview page shows that one; then `--more N` (5) of each, one
 * after another. Checks that the live site never shows a draft.
 *
 * Options: `--more N`; `--link-modules` (node_modules hard-linked from this
 * checkout, without node_modules/.cache, instead of `npm install`: a
 * machine without the registry); `--project <dir>` (an existing checkout,
 * installed, instead of a fresh clone); `--out <file>`. Needs ports 4000,
 * 9000 and 9001 free, as `npm start` does. Writes
 * reports/bench/first-steps-<date>.json and first-steps-latest.json.
 */

const { values } = parseArgs({
  options: { more: { type: "string", default: "5" }, "link-modules": { type: "boolean", default: false }, project: { type: "string" }, out: { type: "string" } },
})
const more = Number(values.more)
if (!Number.isInteger(more) || more < 0) throw new Error(`--more wants a whole number, not ${values.more}`)

const PORTS = { cms: 4000, live: 9000, preview: 9001 }
const EPISODE = 1002
/** How long `npm start` may take to say Ready: two cold builds, on a slow day. */
const START_DEADLINE_MS = 20 * 60_000
/** An edit or a draft: a build, or two when the preview's first one is still running. */
const STEP_DEADLINE_MS = 5 * 60_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const seconds = (ms: number) => Number((ms / 1000).toFixed(1))
const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : null
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once("error", () => resolve(false))
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)))
  })
}

/** A fresh clone of HEAD in a temporary folder. */
function freshClone(): string {
  const clone = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "first-steps-")), "site")
  execFileSync("git", ["clone", "-q", PROJECT_ROOT, clone])
  return clone
}

/** `npm install` as the README says, or node_modules hard-linked from this checkout; its seconds. */
function install(project: string): number {
  const started = Date.now()
  if (values["link-modules"]) {
    execFileSync("cp", ["-al", path.join(PROJECT_ROOT, "node_modules"), path.join(project, "node_modules")])
    fs.rmSync(path.join(project, "node_modules", ".cache"), { recursive: true, force: true })
  } else {
    execFileSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: project, stdio: "ignore" })
  }
  return Date.now() - started
}

/** `npm start`'s output as it comes; `printed(text)` resolves once it has `text`, and fails if npm start ends first. */
function watchOutput(child: ChildProcess, log: fs.WriteStream): (text: string) => Promise<void> {
  let output = ""
  let ended: string | undefined
  const read = (chunk: Buffer) => {
    log.write(chunk)
    output += chunk.toString("utf8")
  }
  child.stdout?.on("data", read)
  child.stderr?.on("data", read)
  child.once("exit", (code, signal) => (ended = signal ?? `exit code ${code}`))
  return async (text) => {
    const deadline = Date.now() + START_DEADLINE_MS
    while (!output.includes(text)) {
      if (ended) throw new Error(`npm start ended (${ended}) before it printed "${text}": see ${log.path}`)
      if (Date.now() > deadline) throw new Error(`npm start did not print "${text}" in ${START_DEADLINE_MS / 60_000} minutes: see ${log.path}`)
      await sleep(50)
    }
  }
}

/** The README's `curl` (an edit, or a draft with `draft`), as an editor pastes it. */
function curlTitle(project: string, title: string, draft: boolean): void {
  const token = fs.readFileSync(path.join(project, ".secrets", "cms-admin-token"), "utf8").trim()
  const target = `http://127.0.0.1:${PORTS.cms}/admin/${draft ? "drafts/" : ""}episodes/${EPISODE}`
  const body = JSON.stringify({ title })
  execFileSync("curl", [
    "-sS",
    "--fail-with-body",
    "-o",
    "/dev/null",
    "-X",
    "PATCH",
    "-H",
    `Authorization: Bearer ${token}`,
    "-H",
    "content-type: application/json",
    "-d",
    body,
    target,
  ])
}

async function pageText(url: string, init?: RequestInit): Promise<string> {
  return fetch(url, init).then(
    (response) => response.text(),
    () => "",
  )
}

/** One step: the `curl`, then the milliseconds until the live page (an edit) or the preview page (a draft) shows the title. */
async function step(project: string, kind: "edit" | "draft", title: string): Promise<number> {
  const livePage = `http://127.0.0.1:${PORTS.live}/detail/${EPISODE}/`
  const previewPage = `http://127.0.0.1:${PORTS.preview}/detail/${EPISODE}/`
  const signIn = { headers: { authorization: `Bearer ${fs.readFileSync(path.join(project, ".secrets", "preview-sign-in-token"), "utf8").trim()}` } }
  const started = Date.now()
  curlTitle(project, title, kind === "draft")
  while (Date.now() - started < STEP_DEADLINE_MS) {
    if (kind === "edit" && (await pageText(livePage)).includes(title)) return Date.now() - started
    if (kind === "draft" && (await pageText(previewPage, signIn)).includes(title)) {
      if ((await pageText(livePage)).includes(title)) throw new Error(`The draft "${title}" is on the live site`)
      return Date.now() - started
    }
    await sleep(100)
  }
  throw new Error(`The ${kind} "${title}" was not on its page ${STEP_DEADLINE_MS / 1000} s after its curl`)
}

async function main() {
  for (const [name, port] of Object.entries(PORTS)) if (!(await portIsFree(port))) throw new Error(`Port ${port} (${name}) is taken: npm start needs it`)
  const project = values.project ? path.resolve(values.project) : freshClone()
  const installMs = values.project ? null : install(project)
  if (installMs !== null) console.log(`${values["link-modules"] ? "node_modules linked" : "npm install"} in ${seconds(installMs)} s`)
  const logFile = path.join(os.tmpdir(), `first-steps-${Date.now()}.log`)
  const log = fs.createWriteStream(logFile)
  console.log(`npm start in ${project} (its output: ${logFile})`)
  const startedAt = Date.now()
  const child = startProcess(["npm", "start"], [], { cwd: project, env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" }, stdio: ["ignore", "pipe", "pipe"] })
  const printed = watchOutput(child, log)
  try {
    await printed(`Site: http://localhost:${PORTS.live}`)
    const siteMs = Date.now() - startedAt
    console.log(`npm start: the site serves after ${seconds(siteMs)} s`)
    let readyMs: number | undefined
    const ready = printed("Ready:").then(() => (readyMs = Date.now() - startedAt))
    // As a newcomer does: the first edit as soon as the site answers, then the first draft.
    const firstEditMs = await step(project, "edit", `Power and Control, edited ${randomUUID().slice(0, 8)}`)
    console.log(`first edit live after ${seconds(firstEditMs)} s`)
    const firstDraftMs = await step(project, "draft", `Power and Control, draft ${randomUUID().slice(0, 8)}`)
    console.log(`first draft on the preview after ${seconds(firstDraftMs)} s`)
    await ready
    console.log(`npm start: Ready after ${seconds(readyMs!)} s`)
    const editsMs: number[] = []
    const draftsMs: number[] = []
    for (let k = 1; k <= more; k++) {
      editsMs.push(await step(project, "edit", `Power and Control, edit ${k} ${randomUUID().slice(0, 8)}`))
      draftsMs.push(await step(project, "draft", `Power and Control, draft ${k} ${randomUUID().slice(0, 8)}`))
      console.log(`edit ${k} live after ${seconds(editsMs.at(-1)!)} s, draft ${k} on the preview after ${seconds(draftsMs.at(-1)!)} s`)
    }
    const results = {
      fromFreshClone: !values.project,
      installS: installMs === null ? null : seconds(installMs),
      npmStartToSiteS: seconds(siteMs),
      npmStartToReadyS: seconds(readyMs!),
      firstEditToLiveS: seconds(firstEditMs),
      firstDraftToPreviewS: seconds(firstDraftMs),
      editsToLiveS: editsMs.map(seconds),
      draftsToPreviewS: draftsMs.map(seconds),
      editToLiveMedianS: median(editsMs.map(seconds)),
      draftToPreviewMedianS: median(draftsMs.map(seconds)),
      log: logFile,
    }
    writeBenchReport(benchReport("first-steps", { more, linkModules: values["link-modules"], project: values.project ?? null }, results, project), { out: values.out })
  } finally {
    // As Ctrl-C does, with the time npm start takes to stop what it started: the publisher stops a running
    // build first, then the catalogue server goes (a SIGKILL sooner would leave that one running).
    await stopProcess(child, 60_000)
    log.end()
    if (!values.project) fs.rmSync(path.dirname(project), { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
