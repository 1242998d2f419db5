import fs from "node:fs"
import { waitFor } from "../../../helpers/wait-for"
import type { SuiteSiteOutcome } from "./global-setup"
import { HARNESS_ENV, SUITE_BUILD_DEADLINE_MS } from "./harness-env"

/*
 * Every browser file waits here for the suite's site, which the global setup
 * builds in the background (global-setup.ts says why). Files with builds of
 * their own wait too: their builds share the suite's picture store, which
 * the suite's build fills, and would otherwise resize the same pictures
 * side by side.
 */
beforeAll(async () => {
  const readyFile = process.env[HARNESS_ENV.siteReady]
  if (!readyFile) throw new Error(`${HARNESS_ENV.siteReady} is not set: run browser tests through jest so the global setup runs.`)
  const outcome = await waitFor(async () => (fs.existsSync(readyFile) ? (JSON.parse(fs.readFileSync(readyFile, "utf8")) as SuiteSiteOutcome) : undefined), {
    timeout: SUITE_BUILD_DEADLINE_MS + 60_000,
    what: "the suite's site to be built and served",
    interval: 200,
  })
  if (!outcome.ok) throw new Error(`The suite's site was not built: ${outcome.error}`)
}, SUITE_BUILD_DEADLINE_MS + 120_000)
