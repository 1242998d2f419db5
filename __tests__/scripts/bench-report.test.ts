import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { benchReport, gitState, writeBenchReport } from "../../scripts/lib/bench-report"

let dir: string
let repo: string
const git = (...args: string[]) =>
  execFileSync("git", ["-C", repo, "-c", "user.name=Bench", "-c", "user.email=bench@example.com", "-c", "commit.gpgsign=false", ...args], {
    encoding: "utf8",
  }).trim()

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-report-"))
  repo = path.join(dir, "repo")
  fs.mkdirSync(repo)
  git("init", "--quiet")
  fs.writeFileSync(path.join(repo, "site.ts"), "export {}\n")
  git("add", "site.ts")
  git("commit", "--quiet", "-m", "first")
})

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

describe("gitState", () => {
  it("names the checked-out commit, and says dirty only when a tracked file changed", () => {
    const head = git("rev-parse", "HEAD")
    expect(gitState(repo)).toEqual({ commit: head })
    fs.writeFileSync(path.join(repo, "notes.txt"), "untracked")
    expect(gitState(repo)).toEqual({ commit: head })
    fs.appendFileSync(path.join(repo, "site.ts"), "// edited\n")
    expect(gitState(repo)).toEqual({ commit: head, dirty: true })
  })

  it("says unknown outside a checkout", () => {
    const outside = path.join(dir, "not-a-repo")
    fs.mkdirSync(outside)
    expect(gitState(outside)).toEqual({ commit: "unknown" })
  })
})

describe("benchReport and writeBenchReport", () => {
  it("writes the dated and the latest file with the commit, date, machine, options and results, and says where", () => {
    const before = Date.now()
    const report = benchReport("cms-load", { concurrency: 8 }, [{ path: "GET /api/search", p95: 12.5 }], repo)
    const log = jest.fn()
    const files = writeBenchReport(report, { dir: path.join(dir, "reports"), log })

    expect(files.map((file) => path.basename(file))).toEqual([`cms-load-${report.date.replace(/[:.]/g, "-")}.json`, "cms-load-latest.json"])
    expect(path.basename(files[0]!)).toMatch(/^cms-load-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.json$/)
    for (const file of files) {
      const written = JSON.parse(fs.readFileSync(file, "utf8"))
      expect(written).toEqual({
        name: "cms-load",
        commit: git("rev-parse", "HEAD"),
        date: report.date,
        machine: { cpus: os.cpus().length, memoryGiB: expect.any(Number), node: process.version },
        options: { concurrency: 8 },
        results: [{ path: "GET /api/search", p95: 12.5 }],
      })
      expect(written).not.toHaveProperty("dirty")
    }
    expect(Date.parse(report.date)).toBeGreaterThanOrEqual(before)
    expect(report.machine.memoryGiB).toBeGreaterThan(0)
    expect(log).toHaveBeenCalledTimes(1)
    expect(log.mock.calls[0]![0]).toContain("cms-load-latest.json")
  })

  it("marks a report of a changed tree dirty", () => {
    fs.appendFileSync(path.join(repo, "site.ts"), "// edited\n")
    expect(benchReport("build", {}, [], repo)).toMatchObject({ commit: git("rev-parse", "HEAD"), dirty: true })
  })

  it("replaces the latest file on the next run and keeps the dated one", () => {
    const reports = path.join(dir, "reports")
    const [firstDated] = writeBenchReport({ ...benchReport("build", {}, { run: 1 }, repo), date: "2025-01-01T00:00:00.000Z" }, { dir: reports, log: () => {} })
    writeBenchReport({ ...benchReport("build", {}, { run: 2 }, repo), date: "2025-01-02T00:00:00.000Z" }, { dir: reports, log: () => {} })
    expect(fs.readdirSync(reports).sort()).toEqual(["build-2025-01-01T00-00-00-000Z.json", "build-2025-01-02T00-00-00-000Z.json", "build-latest.json"])
    expect(JSON.parse(fs.readFileSync(firstDated!, "utf8")).results).toEqual({ run: 1 })
    expect(JSON.parse(fs.readFileSync(path.join(reports, "build-latest.json"), "utf8")).results).toEqual({ run: 2 })
  })

  it("writes to --out alone when given", () => {
    const out = path.join(dir, "before", "flood.json")
    const files = writeBenchReport(benchReport("webhook-flood", {}, {}, repo), { out, dir: path.join(dir, "reports"), log: () => {} })
    expect(files).toEqual([out])
    expect(JSON.parse(fs.readFileSync(out, "utf8")).name).toBe("webhook-flood")
    expect(fs.existsSync(path.join(dir, "reports"))).toBe(false)
  })
})
