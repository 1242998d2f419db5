import fs from "node:fs"

// `npm run profile:suite` (scripts/measure/profile-suite.ts) charges each process's CPU to the test file its Jest
// worker was running: this notes which file a worker runs, from when to when. Off unless the profiler asks.
const marks = process.env.SUITE_PROFILE_MARKS
if (marks) {
  const file = expect.getState().testPath ?? "unknown"
  const note = (event: string) => fs.appendFileSync(marks, `${process.pid}\t${Date.now()}\t${event}\t${file}\n`)
  beforeAll(() => note("start"))
  afterAll(() => note("end"))
}
