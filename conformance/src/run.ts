import { checkChangesFeed } from "./checks/changes-feed"
import { checkCors } from "./checks/cors"
import { checkDraftView } from "./checks/draft-view"
import { checkShapesAndIds } from "./checks/shapes-and-ids"
import { checkWebhook } from "./checks/webhook"
import { runCommand } from "./backend/commands"
import type { RunContext } from "./context"
import { crawl } from "./backend/crawl"
import { CatalogueApi, describeAnswer, type Answer } from "./backend/http"
import type { ConformanceOptions } from "./options"
import { fail, type CheckResult } from "./results/results"

/** How long a command may run, and a delivery take to arrive, unless told otherwise. */
export const DEFAULT_DEADLINE_MS = 30_000

/** The groups, in the order they run: reads first, then what changes the catalogue. */
const GROUPS: ReadonlyArray<readonly [string, (context: RunContext) => Promise<CheckResult[]>]> = [
  ["shapes and ids", checkShapesAndIds],
  ["CORS", checkCors],
  ["the changes feed", checkChangesFeed],
  ["the draft view", checkDraftView],
  ["the webhook", checkWebhook],
]

/**
 * Checks the backend at `options.apiUrl` against catalogue-api.md and
 * answers one row per check, in the table's order. Never throws for what
 * the backend does: a backend that does not answer is a FAIL row.
 */
export async function runConformance(options: ConformanceOptions): Promise<CheckResult[]> {
  const api = new CatalogueApi(options.apiUrl)
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS
  options.progress?.(`reading the catalogue at ${api.base}`)
  const published = await crawl(api, { preview: false }, options.sample)
  // Nothing else can be judged of a backend that does not answer, or of a URL without the API
  // under it (a 404 for /categories, which every backend has): one row says so.
  const first = published.reads[0]!.answer
  if (first.status === 0 || first.status === 404) {
    return [fail("shapes", "the API answers", "start the backend, or give the URL of its API, including /api (http://127.0.0.1:4000/api)", [describeAnswer(first)])]
  }
  let badSubscribe: Promise<Answer> | undefined
  const context: RunContext = {
    api,
    options,
    published,
    deadlineMs,
    run: (which) => runCommand(`--${which}`, options.commands[which]!, deadlineMs),
    badSubscribe: () => (badSubscribe ??= api.request("/subscribe", { method: "POST", body: { email: "not-an-address" }, headers: { origin: options.siteOrigin } })),
  }
  const results: CheckResult[] = []
  for (const [name, check] of GROUPS) {
    options.progress?.(`checking ${name}`)
    results.push(...(await check(context)))
  }
  return results
}
