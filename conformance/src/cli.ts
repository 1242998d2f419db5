import { writeFileSync } from "node:fs"
import { parseArgs } from "node:util"
import { readOptions, type Flags } from "./options"
import { formatReport, summaryLine } from "./results/report"
import { tally } from "./results/results"
import { runConformance } from "./run"

// npm run check-catalogue -- URL [flags]: the conformance kit's command line.
// Exit 0 when nothing failed, 1 on any FAIL, 2 for a wrong command line.

const USAGE = `Usage: npm run check-catalogue -- URL [flags]

  URL                      the catalogue API's base, including /api (http://127.0.0.1:4000/api)
  --preview-token T        the backend's CATALOGUE_PREVIEW_TOKEN: checks the draft view
  --site-origin O          the site's origin CORS must allow (default: SITE_URL's, else http://localhost:9000)
  --edit CMD               a shell command that edits one published entity
  --delete CMD             a shell command that deletes one entity
  --draft CMD              a shell command that saves a draft of one entity
                           (each command gets a fresh word in $CATALOGUE_CHECK_WORD to put in a title)
  --webhook                listen for the signed webhook while --edit runs; with
  --webhook-secret S       the backend's PUBLISH_WEBHOOK_SECRET (whsec_…), and
  --webhook-port N         the port the backend delivers to: http://127.0.0.1:N/hooks/catalogue
  --sample N               how many of each kind to read in detail (default 20; "all")
  --json FILE              also write every result, with every problem, to FILE
  --help                   this text

Exit code: 0 all passed (skips allowed), 1 something failed, 2 a wrong command line.`

const FLAGS = {
  "preview-token": { type: "string" },
  "site-origin": { type: "string" },
  edit: { type: "string" },
  delete: { type: "string" },
  draft: { type: "string" },
  webhook: { type: "boolean" },
  "webhook-secret": { type: "string" },
  "webhook-port": { type: "string" },
  sample: { type: "string" },
  json: { type: "string" },
  help: { type: "boolean" },
} as const

function usageError(problems: readonly string[]): never {
  process.stderr.write(`${problems.map((problem) => `check-catalogue: ${problem}`).join("\n")}\n\n${USAGE}\n`)
  process.exit(2)
}

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof FLAGS; allowPositionals: true }>>
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options: FLAGS, allowPositionals: true, strict: true })
  } catch (error) {
    usageError([error instanceof Error ? error.message : String(error)])
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  const read = readOptions(parsed.positionals, parsed.values as Flags, process.env)
  if ("problems" in read) usageError(read.problems)
  const progress = (line: string) => process.stderr.write(`check-catalogue: ${line}\n`)
  const results = await runConformance({ ...read.options, progress })
  process.stdout.write(formatReport(results, read.options.apiUrl))
  if (parsed.values.json) {
    const report = { apiUrl: read.options.apiUrl, ranAt: new Date().toISOString(), summary: summaryLine(results), counts: tally(results), results }
    writeFileSync(parsed.values.json, `${JSON.stringify(report, null, 2)}\n`)
  }
  process.exitCode = tally(results).FAIL > 0 ? 1 : 0
}

main().catch((error: unknown) => {
  process.stderr.write(`check-catalogue: the kit itself failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exitCode = 1
})
