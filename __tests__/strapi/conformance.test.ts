import { execFile } from "node:child_process"
import path from "node:path"
import { promisify } from "node:util"
import { freePort, PROJECT_ROOT } from "../../node-kit/process/processes"
import type { CheckResult } from "../../conformance/src/results/results"
import { runConformance } from "../../conformance/src/run"
import { startStrapi, type SeededStrapi } from "../helpers/strapi"

// The conformance kit (npm run check-catalogue) against the Strapi
// integration, seeded with the reference sample: every check of the
// contract passes, the draft view, the changes feed and the signed webhook
// included, with the edits made through Strapi's content manager by the
// integration's own editor commands (integrations/strapi/src/kit).

const EDITOR_CLI = path.join(PROJECT_ROOT, "integrations", "strapi", "dist", "src", "kit", "editor-cli.js")

/** A word in single quotes for a POSIX shell. */
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`

let strapi: SeededStrapi
let kitPort: number
let adminToken: string

beforeAll(async () => {
  kitPort = await freePort()
  strapi = await startStrapi({ webhookUrl: `http://127.0.0.1:${kitPort}/hooks/catalogue` })
  const signedIn = await promisify(execFile)(process.execPath, [EDITOR_CLI, "sign-in"], {
    env: { ...process.env, STRAPI_URL: strapi.origin, STRAPI_ADMIN_EMAIL: strapi.adminEmail, STRAPI_ADMIN_PASSWORD: strapi.adminPassword },
  })
  adminToken = signedIn.stdout.trim()
  // The first Strapi of a run may install, build and seed first (minutes in CI); later ones start in seconds.
}, 15 * 60_000)

afterAll(async () => {
  await strapi?.stop()
})

/** The editor command for `what`, as a backend's author would give it to the kit. */
const editorCommand = (what: string) => `STRAPI_URL=${quoted(strapi.origin)} STRAPI_ADMIN_TOKEN=${quoted(adminToken)} ${quoted(process.execPath)} ${quoted(EDITOR_CLI)} ${what}`

const named = (results: readonly CheckResult[], outcome: CheckResult["outcome"]) =>
  results.filter((result) => result.outcome === outcome).map((result) => `${result.check}: ${result.detail ?? ""} ${(result.problems ?? []).join("; ")}`)

describe("the conformance kit against Strapi", () => {
  it(
    "passes every check of the contract, skipping none, with every flag given",
    async () => {
      const results = await runConformance({
        apiUrl: strapi.apiUrl,
        previewToken: strapi.previewToken,
        siteOrigin: "http://localhost:9000",
        commands: { edit: editorCommand("edit"), delete: editorCommand("delete"), draft: editorCommand("draft") },
        webhook: { secret: strapi.webhookSecret, port: kitPort },
        sample: Infinity,
      })
      expect(named(results, "FAIL")).toEqual([])
      expect(named(results, "SKIP")).toEqual([])
      expect(new Set(results.map((result) => result.group))).toEqual(new Set(["shapes", "cors", "changes", "drafts", "webhook"]))
      // The kit waits for each command and delivery with its own deadline (30 s each); this bounds the whole run.
    },
    5 * 60_000,
  )
})
