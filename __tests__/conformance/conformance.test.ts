import { execFile } from "node:child_process"
import path from "node:path"
import { freePort, PROJECT_ROOT } from "../../node-kit/process/processes"
import { DEFAULT_SAMPLE, type ConformanceOptions } from "../../conformance/src/options"
import type { CheckResult } from "../../conformance/src/results/results"
import { runConformance } from "../../conformance/src/run"
import { startTestServer } from "../cms/helpers/test-server"
import { adminCommands } from "./helpers/admin-commands"
import { DEFECTS, PREVIEW_TOKEN, startPlantedBackend, WEBHOOK_SECRET, type Defect, type PlantedBackend } from "./helpers/planted-defects"

// The conformance kit (conformance/) against the reference server: every
// check passes there, and for each kind of defect planted in front of it
// (one rule of catalogue-api.md broken), the kit fails exactly the checks
// that rule is about, naming where it saw the problem.

let backend: PlantedBackend
let kitPort: number

beforeAll(async () => {
  kitPort = await freePort()
  backend = await startPlantedBackend(`http://127.0.0.1:${kitPort}/hooks/catalogue`)
})

afterAll(async () => {
  await backend?.close()
})

/** Every flag given: the draft view, the three commands and the webhook. */
const everything = (apiUrl: string, sample = 5): ConformanceOptions => ({
  apiUrl,
  previewToken: PREVIEW_TOKEN,
  siteOrigin: "http://localhost:9000",
  commands: adminCommands(backend.server.origin),
  webhook: { secret: WEBHOOK_SECRET, port: kitPort },
  sample,
})

const named = (results: readonly CheckResult[], outcome: CheckResult["outcome"]) => results.filter((result) => result.outcome === outcome).map((result) => result.check)

describe("the conformance kit against the reference server", () => {
  it("passes every check, skipping none, with every flag given", async () => {
    backend.plant(null)
    const results = await runConformance(everything(backend.apiUrl, DEFAULT_SAMPLE))
    expect(named(results, "FAIL")).toEqual([])
    expect(named(results, "SKIP")).toEqual([])
    expect(new Set(results.map((result) => result.group))).toEqual(new Set(["shapes", "cors", "changes", "drafts", "webhook"]))
    expect(results.find((result) => result.check === "GET /episodes/{id}")?.detail).toMatch(/^20 of \d+ read \(--sample\)$/)
  })

  it("skips the changes feed and the draft view of a backend without them, saying so, and fails nothing", async () => {
    const plain = await startTestServer({ changes: false, siteSettings: false, subscribeRateLimit: null })
    try {
      const { edit, delete: remove } = adminCommands(plain.origin)
      const commands = { edit, delete: remove }
      const results = await runConformance({ apiUrl: `${plain.origin}/api`, previewToken: PREVIEW_TOKEN, siteOrigin: "http://localhost:9000", commands, sample: 3 })
      expect(named(results, "FAIL")).toEqual([])
      const skipped = results.filter((result) => result.outcome === "SKIP")
      expect(skipped.filter((result) => result.group === "changes").map((result) => result.detail)).toEqual(Array(6).fill(expect.stringContaining("answered 404: no changes feed")))
      expect(skipped.filter((result) => result.group === "drafts").map((result) => result.detail)).toEqual(Array(8).fill(expect.stringContaining("this backend keeps no drafts")))
      expect(results.find((result) => result.check === "drafts: published view carries no draft: true")?.outcome).toBe("PASS")
      expect(results.find((result) => result.check === "GET /site-settings")?.detail).toBe("404: the backend has none, and the site uses its defaults")
    } finally {
      await plain.destroy()
    }
  })

  it("says in one row that it cannot judge a URL without the API under it", async () => {
    const results = await runConformance({ apiUrl: backend.server.origin, siteOrigin: "http://localhost:9000", commands: {}, sample: 3 })
    expect(results).toEqual([expect.objectContaining({ check: "the API answers", outcome: "FAIL", problems: [`GET ${backend.server.origin}/categories answered 404`] })])
  })

  it("skips, saying what to give, what it was not given the means to check", async () => {
    backend.plant(null)
    const results = await runConformance({ apiUrl: backend.apiUrl, siteOrigin: "http://localhost:9000", commands: {}, sample: 3 })
    expect(named(results, "FAIL")).toEqual([])
    const skipped = results.filter((result) => result.outcome === "SKIP")
    expect(skipped.map((result) => result.check)).toEqual(
      expect.arrayContaining(["changes: an edit is listed (--edit)", "drafts: a saved draft is flagged (--draft)", "webhook: signature verifies (standardwebhooks)"]),
    )
    for (const result of skipped) expect(result.detail).toMatch(/give --/)
  })
})

/** Per defect: the checks that must fail (the draft view repeats the published view's rules), and a word every failure's problems name. */
const CAUGHT_BY: Record<Defect, { checks: string[]; names: string }> = {
  "a non-path-safe id": { checks: ["ids are path-safe", "drafts: draft view in the contract's shapes"], names: '"data.series_id" is "../101"' },
  "a missing updated_at": { checks: ["updated_at on every entity", "drafts: draft view in the contract's shapes"], names: '"data.updated_at" is missing' },
  "no CORS header on /search": { checks: ["CORS: GET /search"], names: "Access-Control-Allow-Origin: (none)" },
  "no preflight on /subscribe": { checks: ["CORS: OPTIONS /subscribe (preflight)"], names: "OPTIONS" },
  "a changes feed without now": { checks: ["changes: answer { now, changed, deleted }", "drafts: changes feed with preview=1"], names: '"data.now"' },
  "200 instead of 410 for a missing since": { checks: ["changes: no since → 410"], names: "/api/changes answered 200, not 410" },
  "no tombstone after a delete": { checks: ["changes: a delete leaves a tombstone (--delete)"], names: "empty deleted after --delete" },
  "the draft view answering 200 without the token": { checks: ["drafts: preview=1 without token → 401"], names: "preview=1 answered 200, not 401" },
  "no draft flags": { checks: ["drafts: a saved draft is flagged (--draft)"], names: '"data.draft" is missing after --draft saved it' },
  "search showing a draft": { checks: ["drafts: search hides the draft (--draft)"], names: "with the draft's series" },
  "an unsigned webhook delivery": { checks: ["webhook: signature verifies (standardwebhooks)"], names: "Missing required headers" },
  "a wrongly signed webhook delivery": { checks: ["webhook: signature verifies (standardwebhooks)"], names: "No matching signature found" },
}

describe("the conformance kit against a backend with a planted defect", () => {
  it("has a test for every kind of defect", () => {
    expect(Object.keys(CAUGHT_BY).sort()).toEqual([...DEFECTS].sort())
  })

  it.each(DEFECTS)("fails on %s, naming the check and where", async (defect) => {
    backend.plant(defect)
    const results = await runConformance(everything(backend.proxyApiUrl))
    expect(named(results, "FAIL").sort()).toEqual([...CAUGHT_BY[defect].checks].sort())
    for (const failed of results.filter((result) => result.outcome === "FAIL")) {
      expect(failed.detail).not.toBe("")
      expect(failed.problems.join("\n")).toContain(CAUGHT_BY[defect].names)
    }
  })
})

/** Runs the real command line (tsx, as npm run check-catalogue does) and answers its exit code and output. */
function checkCatalogue(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", path.join(PROJECT_ROOT, "conformance/src/cli.ts"), ...args], { cwd: PROJECT_ROOT }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    )
  })
}

describe("npm run check-catalogue", () => {
  it("prints the table and the summary line alone, and exits 0 when everything passes", async () => {
    backend.plant(null)
    const commands = adminCommands(backend.server.origin)
    const { code, stdout } = await checkCatalogue([
      backend.apiUrl,
      ...["--preview-token", PREVIEW_TOKEN, "--edit", commands.edit, "--delete", commands.delete, "--draft", commands.draft],
      ...["--webhook", "--webhook-secret", WEBHOOK_SECRET, "--webhook-port", String(kitPort), "--sample", "3"],
    ])
    const lines = stdout.trimEnd().split("\n")
    expect(lines.at(-1)).toMatch(/^\d+ passed, 0 failed$/)
    expect(stdout).toMatch(/^check {2,}result {2}what to fix$/m)
    expect(stdout).toMatch(/^webhook: signature verifies \(standardwebhooks\) +PASS$/m)
    expect(code).toBe(0)
  })

  it("exits 1 and says what to fix when a check fails", async () => {
    backend.plant("no CORS header on /search")
    const { code, stdout } = await checkCatalogue([backend.proxyApiUrl, "--sample", "2"])
    expect(stdout).toMatch(/^CORS: GET \/search +FAIL +answer GET \/search with Access-Control-Allow-Origin: http:\/\/localhost:9000/m)
    expect(stdout).toMatch(/^ +- GET http:\/\/127\.0\.0\.1:\d+\/api\/search\?q=\S+ answered 200 with Access-Control-Allow-Origin: \(none\)/m)
    expect(stdout.trimEnd().split("\n").at(-1)).toMatch(/^\d+ passed, 1 failed, \d+ skipped$/)
    expect(code).toBe(1)
  })

  it("exits 2 naming every problem of a wrong command line", async () => {
    const { code, stderr } = await checkCatalogue(["--webhook", "--sample", "none"])
    expect(stderr).toContain("give one URL")
    expect(stderr).toContain('--sample must be a whole number above 0 or "all"')
    expect(stderr).toContain("--webhook needs --webhook-secret")
    expect(stderr).toContain("--webhook needs --edit CMD")
    expect(code).toBe(2)
  })
})
