import type { ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { freePort, groupIsAlive, PROJECT_ROOT, startProcess, stopProcess } from "../../node-kit/process/processes"
import { startReferenceServer, type ReferenceServer } from "../../scripts/lib/reference-server"
import { newAdminToken, newWebhookSecret } from "../../scripts/lib/local-secrets"
import { FAKE_BUILD, type BuildRecord, type FakePlan } from "../publisher/helpers/harness"
import { waitFor } from "../helpers/wait-for"

// `npm start` as a newcomer runs it (scripts/start.ts), its builds the
// publisher tests' stand-in for `gatsby build`: the addresses come once the
// site serves, while the preview lane still builds its first release, and
// "Ready" once the preview serves too. Its own ports, data folder and
// catalogue server; every secret given, so nothing is written to .secrets/.

const START = [process.execPath, "--import", "tsx", path.join(PROJECT_ROOT, "scripts", "start.ts")]
const DEADLINE_MS = 60_000

let dir: string
let catalogue: ReferenceServer
let start: ChildProcess | undefined
let output = ""
const signIn = newAdminToken()

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "npm-start-"))
  catalogue = await startReferenceServer({ port: await freePort(), dataDir: path.join(dir, "cms-data"), stdio: "ignore" })
})

afterAll(async () => {
  if (start) await stopProcess(start, 15_000)
  await stopProcess(catalogue.child)
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Until the output has `text`, or fails with what it printed. */
const printed = (text: string) => waitFor(() => output.includes(text), { timeout: DEADLINE_MS, what: `npm start to print "${text}"; it printed:\n${output}` }).then(() => output)

it(
  "prints the addresses once the site serves, while the preview's first build runs, and Ready once the preview serves",
  async () => {
    const [sitePort, previewPort] = [await freePort(), await freePort()]
    const previewHeld = path.join(dir, "let-the-preview-build-end")
    const plan: FakePlan = { holdPreviewUntil: previewHeld }
    fs.writeFileSync(path.join(dir, "plan.json"), JSON.stringify(plan))
    start = startProcess(START, [], {
      cwd: PROJECT_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...catalogue.buildEnv,
        PUBLISHER_PORT: String(sitePort),
        PUBLISHER_PREVIEW_PORT: String(previewPort),
        PUBLISHER_DATA_DIR: path.join(dir, "publisher"),
        PUBLISHER_BUILD_COMMAND: `"${process.execPath}" "${FAKE_BUILD}"`,
        CMS_ADMIN_TOKEN: catalogue.adminToken,
        PUBLISH_WEBHOOK_SECRET: newWebhookSecret(),
        CATALOGUE_PREVIEW_TOKEN: newAdminToken(),
        PUBLISHER_PREVIEW_SIGN_IN_TOKEN: signIn,
        FAKE_BUILD_PLAN: path.join(dir, "plan.json"),
        LOG_LEVEL: "warn",
      },
    })
    const collect = (chunk: Buffer) => (output += chunk.toString("utf8"))
    start.stdout!.on("data", collect)
    start.stderr!.on("data", collect)

    const withAddresses = await printed(`Site: http://localhost:${sitePort}`)
    expect(withAddresses).toContain(`Preview (drafts, for editors): http://localhost:${previewPort}/`)
    expect(withAddresses).toContain("The preview's first build runs now; Ready follows when it serves.")
    expect(withAddresses).not.toContain("Ready:")
    expect((await fetch(`http://127.0.0.1:${sitePort}/`)).status).toBe(200)
    const previewPage = () => fetch(`http://127.0.0.1:${previewPort}/`, { headers: { authorization: `Bearer ${signIn}` } })
    expect((await previewPage()).status).not.toBe(200)

    fs.writeFileSync(previewHeld, "")
    expect(await printed("Ready: the site and the preview serve")).toMatch(/Ready: the site and the preview serve \(\d+ s after npm start\)\./)
    expect((await previewPage()).status).toBe(200)
  },
  2 * DEADLINE_MS + 30_000,
)

/** `npm start` with a catalogue server of its own (no CATALOGUE_API_URL), its builds recorded; `env` adds to what it is given. */
async function startWithOwnCatalogue(name: string, plan: FakePlan, env: NodeJS.ProcessEnv = {}) {
  const [sitePort, previewPort, cmsPort] = [await freePort(), await freePort(), await freePort()]
  const planFile = path.join(dir, `${name}-plan.json`)
  const records = path.join(dir, `${name}-builds.jsonl`)
  fs.writeFileSync(planFile, JSON.stringify(plan))
  let printedSoFar = ""
  const child = startProcess(START, [], {
    cwd: PROJECT_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      CMS_PORT: String(cmsPort),
      CMS_DATA_DIR: path.join(dir, `${name}-cms-data`),
      PUBLISHER_PORT: String(sitePort),
      PUBLISHER_PREVIEW_PORT: String(previewPort),
      PUBLISHER_DATA_DIR: path.join(dir, `${name}-publisher`),
      PUBLISHER_BUILD_COMMAND: `"${process.execPath}" "${FAKE_BUILD}"`,
      CMS_ADMIN_TOKEN: newAdminToken(),
      PUBLISH_WEBHOOK_SECRET: newWebhookSecret(),
      CATALOGUE_PREVIEW_TOKEN: newAdminToken(),
      PUBLISHER_PREVIEW_SIGN_IN_TOKEN: newAdminToken(),
      FAKE_BUILD_PLAN: planFile,
      FAKE_BUILD_RECORD: records,
      LOG_LEVEL: "warn",
      ...env,
    },
  })
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  child.stdout!.on("data", (chunk: Buffer) => (printedSoFar += chunk.toString("utf8")))
  child.stderr!.on("data", (chunk: Buffer) => (printedSoFar += chunk.toString("utf8")))
  const firstBuild = () =>
    waitFor(() => (fs.existsSync(records) ? (JSON.parse(fs.readFileSync(records, "utf8").split("\n")[0]!) as BuildRecord) : undefined), {
      timeout: DEADLINE_MS,
      what: () => `the first build to start; npm start printed:\n${printedSoFar}`,
    })
  const printedUntil = (text: string) =>
    waitFor(() => printedSoFar.includes(text), { timeout: DEADLINE_MS, what: () => `npm start to print "${text}"; it printed:\n${printedSoFar}` }).then(() => printedSoFar)
  return { child, exited, cmsPort, sitePort, firstBuild, printedUntil }
}

it(
  "stops the catalogue server and the running build it started when the stop signal comes twice at once (tsx repeats one not answered within 30 ms)",
  async () => {
    const own = await startWithOwnCatalogue("held", { holdUntil: path.join(dir, "never") })
    try {
      await waitFor(() => fetch(`http://127.0.0.1:${own.cmsPort}/health`).then((answer) => answer.ok), { timeout: DEADLINE_MS, what: "npm start's catalogue server" })
      const buildPid = (await own.firstBuild()).pid

      own.child.kill("SIGTERM")
      own.child.kill("SIGTERM")
      expect(await own.exited).toBe(0)
      await expect(fetch(`http://127.0.0.1:${own.cmsPort}/health`)).rejects.toThrow()
      expect(groupIsAlive(buildPid)).toBe(false)
    } finally {
      await stopProcess(own.child, 15_000)
    }
  },
  2 * DEADLINE_MS,
)

it.each([
  { given: undefined, builds: "on", says: true },
  { given: "off", builds: "off", says: false },
])(
  "with its own catalogue server, has the builds name its picture URLs unless CATALOGUE_IMAGE_SERVICE says otherwise (given $given)",
  async ({ given, builds, says }) => {
    const own = await startWithOwnCatalogue(`pictures-${given ?? "unset"}`, {}, given === undefined ? {} : { CATALOGUE_IMAGE_SERVICE: given })
    try {
      expect((await own.firstBuild()).imageService).toBe(builds)
      const addresses = await own.printedUntil(`Site: http://localhost:${own.sitePort}`)
      expect(addresses.includes("Pictures: resized by the catalogue server as pages ask")).toBe(says)
    } finally {
      await stopProcess(own.child, 15_000)
    }
  },
  2 * DEADLINE_MS,
)
