import { PROBLEMS_SHOWN, tally, type CheckResult } from "./results"

// The table a backend's author reads: one row per check, its result, and for
// a FAIL what to fix and where the kit saw it, then the summary line.

const HEADINGS = ["check", "result", "what to fix"] as const
const GAP = "  "

/** `12 passed, 1 failed`, and `, 2 skipped` when any were. */
export function summaryLine(results: readonly CheckResult[]): string {
  const counts = tally(results)
  return `${counts.PASS} passed, ${counts.FAIL} failed${counts.SKIP > 0 ? `, ${counts.SKIP} skipped` : ""}`
}

/** The problems under a row: the first few, then how many more the JSON file holds. */
function problemLines(result: CheckResult, indent: string): string[] {
  const shown = result.problems.slice(0, PROBLEMS_SHOWN).map((problem) => `${indent}- ${problem}`)
  const more = result.problems.length - PROBLEMS_SHOWN
  return more > 0 ? [...shown, `${indent}- and ${more} more (--json FILE lists them all)`] : shown
}

/** The whole report: a title, the aligned table, and the summary line alone on the last line. */
export function formatReport(results: readonly CheckResult[], apiUrl: string): string {
  const checkWidth = Math.max(HEADINGS[0].length, ...results.map((result) => result.check.length))
  const resultWidth = HEADINGS[1].length
  const row = (check: string, outcome: string, detail: string) => `${check.padEnd(checkWidth)}${GAP}${outcome.padEnd(resultWidth)}${GAP}${detail}`.trimEnd()
  const indent = " ".repeat(checkWidth + resultWidth + GAP.length * 2)
  const lines = [`Catalogue API conformance of ${apiUrl} (docs/reference/catalogue-api.md)`, "", row(...HEADINGS)]
  for (const result of results) lines.push(row(result.check, result.outcome, result.detail), ...problemLines(result, indent))
  lines.push("", summaryLine(results))
  return `${lines.join("\n")}\n`
}
