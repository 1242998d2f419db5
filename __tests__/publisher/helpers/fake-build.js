// A stand-in for `gatsby build` in the publisher's tests: prints Gatsby's
// phase lines, writes a small site into public/ in its working folder, and
// does what the plan file (FAKE_BUILD_PLAN, JSON) says: take its time, fail,
// hang, wait until the test creates a file (every build, or the preview
// lane's only), print given lines, save its "state" in .cache/redux, leave a
// worker behind that ignores SIGTERM, read episodes from the catalogue
// (CATALOGUE_API_URL) into their pages. Each run appends what it did to
// FAKE_BUILD_RECORD (one JSON object per line), so tests can count builds
// and find their processes.
const { spawn } = require("node:child_process")
const fs = require("node:fs")
const path = require("node:path")

const plan = readPlan()
const version = plan.version ?? "v1"
const delayMs = plan.delayMs ?? 0
const SAVED_STATE = path.join(".cache", "redux", "state")
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function readPlan() {
  const file = process.env.FAKE_BUILD_PLAN
  return file && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {}
}

function record(fields) {
  const file = process.env.FAKE_BUILD_RECORD
  if (file) fs.appendFileSync(file, `${JSON.stringify({ pid: process.pid, ...fields })}\n`)
}

function write(relative, content) {
  const file = path.join("public", relative)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, content)
}

const PHASE_LINES = [
  "success load plugins - 0.012s",
  "success createSchemaCustomization - 0.001s",
  "success source and transform nodes - 0.052s",
  "success building schema - 0.010s",
  "success createPages - 0.003s",
  "success createPagesStatefully - 0.001s",
  "success extract queries from components - 0.020s",
  "success Building production JavaScript and CSS bundles - 0.100s",
  "success Building HTML renderer - 0.090s",
  "success run queries in workers - 0.030s - 5/5 166.67/s",
  "success Writing page-data.json and slice-data.json files to public directory - 0.002s - 5/5",
  "success Building static HTML for pages - 0.040s - 5/5 125.00/s",
  "success onPostBuild - 0.001s",
]

// As Gatsby does (gatsby-cli's signal-exit handler): a build asked to stop notes it and ends.
process.on("SIGTERM", () => {
  record({ event: "asked to stop", at: Date.now() })
  process.exit(143)
})

const escapeHtml = (text) => String(text).replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`)

// As the site's build does: each episode read from the catalogue, its page
// showing its title; a catalogue that cannot be read fails the build.
async function writeCatalogueEpisodes(ids) {
  for (const id of ids) {
    const url = `${process.env.CATALOGUE_API_URL}/episodes/${encodeURIComponent(id)}`
    const response = await fetch(url).catch((error) => error)
    if (!(response instanceof Response) || !response.ok) {
      console.error(`Reading ${url} failed: ${response instanceof Response ? `HTTP ${response.status}` : response.message}`)
      record({ event: "failed", at: Date.now() })
      process.exit(1)
    }
    const { data } = await response.json()
    write(`detail/${id}/index.html`, `<!doctype html><html><body><h1>${escapeHtml(data.title)}</h1></body></html>`)
  }
}

async function main() {
  // The workspace by its inode, which a rename keeps: both lanes build in one folder (build-room.ts).
  const savedState = fs.existsSync(SAVED_STATE) ? fs.readFileSync(SAVED_STATE, "utf8") : null
  record({
    event: "start",
    at: Date.now(),
    cwd: process.cwd(),
    workspace: fs.statSync(".").ino,
    savedState,
    version,
    env: Object.keys(process.env).sort(),
    draftView: Boolean(process.env.CATALOGUE_PREVIEW_TOKEN),
    imageService: process.env.CATALOGUE_IMAGE_SERVICE ?? null,
  })
  if (plan.worker) {
    // A worker as Gatsby forks them, in the build's process group, that ignores SIGTERM (only SIGKILL stops it).
    const worker = spawn(process.execPath, ["-e", "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: "ignore" })
    record({ event: "worker", pid: worker.pid, at: Date.now() })
  }
  // Gatsby's way of printing to a pipe: cursor codes before each line.
  for (const [index, line] of PHASE_LINES.entries()) {
    if (plan.failAtPhase === index) break
    process.stdout.write(`\u001b[2K\u001b[1A\u001b[2K\u001b[G${line}\n\n`)
    await sleep(delayMs / PHASE_LINES.length)
    if (index === 4) {
      // A page half written, as Gatsby leaves public/ while it works: visitors must never see it.
      write("index.html", `<!doctype html><html><body><h1>Home ${version}</h1>`)
    }
  }
  for (const line of plan.lines ?? []) process.stdout.write(`${line}\n`)
  for (const line of plan.stderr ?? []) process.stderr.write(`${line}\n`)
  while (plan.holdUntil && !fs.existsSync(plan.holdUntil)) await sleep(20)
  // The preview lane's builds alone (they read the draft view): the live lane's go on.
  while (plan.holdPreviewUntil && process.env.CATALOGUE_PREVIEW_TOKEN && !fs.existsSync(plan.holdPreviewUntil)) await sleep(20)
  if (plan.hang) {
    await new Promise(() => setInterval(() => undefined, 1000))
  }
  if (plan.fail) {
    record({ event: "failed", at: Date.now() })
    process.exit(plan.exitCode ?? 1)
  }

  // As the source plugin does: a build given the draft view's token shows the drafts (here, says it does).
  const view = process.env.CATALOGUE_PREVIEW_TOKEN ? " (draft view)" : ""
  write("index.html", `<!doctype html><html><body><h1>Home ${version}${view}</h1><p>${"complete ".repeat(200)}</p></body></html>`)
  write("series/101/index.html", `<!doctype html><html><body><h1>Series ${plan.seriesVersion ?? version}</h1></body></html>`)
  write("404.html", "<!doctype html><html><body><h1>404 PAGE NOT FOUND</h1></body></html>")
  write("404/index.html", "<!doctype html><html><body><h1>404 PAGE NOT FOUND</h1></body></html>")
  write("page-data/index/page-data.json", JSON.stringify({ version }))
  write("page-data/app-data.json", JSON.stringify({ webpackCompilationHash: "0123456789abcdef" }))
  write("app-0123456789abcdef0123.js", `console.log("the app, the same in every build");${" ".repeat(2000)}`)
  write("styles.a2aee267bea59952074c.css", `body { color: black; }${" ".repeat(2000)}`)
  write("sw.js", "self.addEventListener('fetch', () => {})")
  write("static/0123456789abcdef/picture.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  write("_gatsby/image/abc/def/picture.webp", "RIFF....WEBP")
  write("robots.txt", "User-agent: *\nAllow: /\n")
  if (view) {
    // What a preview build leaves for the preview's bar (contract/preview/preview-changes.ts).
    const changes = { draftView: true, note: null, siteSettings: false, changes: [{ kind: "Series", title: `Core Strength ${version}`, path: "/series/101/" }] }
    write("_preview/changes.json", JSON.stringify(plan.previewChanges ?? changes))
    // The series page's SEO card (gatsby/preview/write-seo-cards.ts); the home page has none.
    write("_preview/seo/series/101/index.html", `<!doctype html><html><body><h1>SEO card: /series/101/ ${version}</h1></body></html>`)
  }
  await writeCatalogueEpisodes(plan.catalogueEpisodes ?? [])
  for (const [relative, content] of Object.entries(plan.files ?? {})) write(relative, content)
  for (const relative of plan.remove ?? []) fs.rmSync(path.join("public", relative), { force: true })

  if (plan.saveState) {
    // As Gatsby leaves its state in .cache/redux for the next build: here, whose build wrote it.
    fs.mkdirSync(path.dirname(SAVED_STATE), { recursive: true })
    fs.writeFileSync(SAVED_STATE, `${view ? "preview" : "live"} ${version}`)
  }
  process.stdout.write("info Done building in 0.5 sec\n")
  record({ event: "done", at: Date.now() })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
