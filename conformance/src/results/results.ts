/** What one check found: PASS, FAIL (the backend breaks the contract), or SKIP (it could not be checked, and why). */
export type Outcome = "PASS" | "FAIL" | "SKIP"

/** One row of the table. */
export interface CheckResult {
  /** The group it belongs to (shapes, cors, changes, drafts, webhook). */
  group: string
  /** The check's name, stable from run to run: tests and scripts look rows up by it. */
  check: string
  outcome: Outcome
  /** FAIL: what to fix, in a backend author's words; SKIP: why; PASS: a note, or empty. */
  detail: string
  /** FAIL: every problem found (the table names the first few), each naming the URL and the field. */
  problems: string[]
}

/** How many problems a row of the table names; the JSON file holds them all. */
export const PROBLEMS_SHOWN = 3

export const pass = (group: string, check: string, note = ""): CheckResult => ({ group, check, outcome: "PASS", detail: note, problems: [] })

export const skip = (group: string, check: string, why: string): CheckResult => ({ group, check, outcome: "SKIP", detail: why, problems: [] })

/**
 * A FAIL row: `fix` says what the backend must do, `problems` where the kit
 * saw it break (`GET <url>: "data[0].id" is "a/b"`).
 */
export const fail = (group: string, check: string, fix: string, problems: readonly string[] = []): CheckResult => ({
  group,
  check,
  outcome: "FAIL",
  detail: fix,
  problems: [...problems],
})

/** PASS when nothing was found, else FAIL with `fix` and the problems. */
export const verdict = (group: string, check: string, problems: readonly string[], fix: string, note = ""): CheckResult =>
  problems.length === 0 ? pass(group, check, note) : fail(group, check, fix, problems)

/** The counts of the summary line. */
export function tally(results: readonly CheckResult[]): Record<Outcome, number> {
  const counts: Record<Outcome, number> = { PASS: 0, FAIL: 0, SKIP: 0 }
  for (const result of results) counts[result.outcome] += 1
  return counts
}
