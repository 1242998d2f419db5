import { spawn } from "node:child_process"
import path from "node:path"
import { parseArgs } from "node:util"
import { PROJECT_ROOT } from "../../node-kit/process/processes"
import { writeReportPageIfStale } from "../../gatsby/seo/report/write-report"
import { describeSeoReport, readSeoReport } from "../lib/seo-report"

/**
 * `npm run seo:report [-- --open] [--dir <folder>]`: the SEO report of the last build in the
 * terminal (summary, then every error and warning by page), and where the
 * HTML report is; `--open` opens that in a browser. Exits 1 when there is
 * no report to read.
 */

// `--dir <folder>`: another build's report, such as the publisher's (<data folder>/workspace/reports/seo).
const { values } = parseArgs({ options: { open: { type: "boolean", default: false }, dir: { type: "string" } } })
const REPORT_DIRECTORY = values.dir ? path.resolve(values.dir) : path.join(PROJECT_ROOT, "reports", "seo")
const JSON_PATH = path.join(REPORT_DIRECTORY, "report.json")
const HTML_PATH = path.join(REPORT_DIRECTORY, "index.html")

/** How long an opener gets to fail before we take it that a browser has it. */
const OPENER_GRACE_MS = 2000

/**
 * Resolves false when no opener could start or it failed, so the caller
 * falls back to printing. xdg-open can stay until the browser closes, so
 * one still running after a moment counts as success and is left behind.
 */
function openInBrowser(file: string): Promise<boolean> {
  const opener = process.platform === "darwin" ? "open" : process.platform === "win32" ? null : "xdg-open"
  if (!opener) return Promise.resolve(false)
  return new Promise((resolve) => {
    const child = spawn(opener, [file], { stdio: "ignore", detached: true })
    const timer = setTimeout(() => {
      child.unref()
      resolve(true)
    }, OPENER_GRACE_MS)
    const settle = (opened: boolean) => {
      clearTimeout(timer)
      resolve(opened)
    }
    child.once("error", () => settle(false))
    child.once("exit", (code) => settle(code === 0))
  })
}

async function main() {
  const read = readSeoReport(JSON_PATH)
  if (!read.ok) {
    console.error(read.message)
    process.exit(1)
  }
  // The publisher's builds write the JSON only: the page is rendered here, once per report.
  writeReportPageIfStale(REPORT_DIRECTORY, read.report)
  console.log(describeSeoReport(read.report, HTML_PATH))
  if (!values.open) return
  if (await openInBrowser(HTML_PATH)) console.log("Opened in your browser.")
  else console.log(`Could not start a browser: open ${HTML_PATH} yourself.`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
