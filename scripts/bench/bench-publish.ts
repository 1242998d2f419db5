import crypto from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { parseArgs } from "node:util"
import { secretKeys } from "../../contract/webhook-signature"
import { readConfig, startPublisher, type Publisher } from "../../publisher/src"
import { logFileOf } from "../../publisher/src/jobs/publish-job"
import { refreshWorkspace } from "../../publisher/src/jobs/workspace"
import { freePort, PROJECT_ROOT } from "../../node-kit/process/processes"
import { benchReport, writeBenchReport } from "../lib/bench-report"
import { startReleasePoller } from "../lib/release-poller"
import { parseSizes, type BenchCatalogue, type CatalogueChoice } from "./bench-publish/catalogue"
import { CMS_NAMES, type BenchCms, type CmsName, type CmsOptions } from "./bench-publish/cms"
import { startReferenceCms } from "./bench-publish/reference-cms"
import { startStrapiCms } from "./bench-publish/strapi-cms"

/**
 * `npm run bench:publish`: what an editor waits for. For each catalogue size,
 * the CMS sends its signed webhook to a publisher that has made its first
 * build; then 10 single edits one after another (edit → the new title
 * served), a burst of 20 edits in 2 s, and one deleted episode. All
 * the while a poller fetches a few pages and counts answers that are not
 * 200 or that name a script the served release lacks (a mixed release).
 * Prints p50/p95 edit-to-live, the catalogue requests of each build, the
 * builds a burst took, and where a warm build's seconds go.
 *
 * `--code-deploy` then measures a code deploy: a comment changed in the
 * site's gatsby-node.ts and the source plugin's (in a copy of the sources
 * the publisher builds from, never the project's own), so Gatsby clears its
 * cache, and one edit: its seconds to live, and the pictures processed and
 * originals downloaded (0 and 0 with the image store). `--code-deploy-only`
 * measures just the first build and the code deploy. `--image-pool off`
 * gives every entity its own picture.
 *
 * `--preview` runs the publisher with its preview lane (docs/reference/preview-lane.md)
 * and the CMS with drafts, and adds: draft-to-preview (a draft
 * saved → its title on the preview page, p50/p95), and edit-to-live while a
 * preview build runs (a draft saved, its preview build started, then a live
 * edit, which stops it and goes first). Without `--preview` the same run is
 * the edit-to-live figure without the lane, to compare.
 *
 * `--cms reference` (the default) publishes from the reference server, a
 * generated catalogue of each size written into it; `--cms strapi` from
 * Strapi (integrations/strapi) seeded with the reference server's sample,
 * each edit the content manager's Publish with the new title and each
 * draft its Save, as the admin panel sends them. `--sizes sample` runs the
 * reference server on that same sample, for the same edits from either CMS.
 * An edit is timed from the start of the request the editor's click makes
 * (the episode opened before, untimed); besides the p50/p95 the figures
 * give what the CMS adds beside the build, whose seconds follow the
 * machine's load: the median answer to the click (`editRequestP50Ms`,
 * `draftRequestP50Ms`) and the median time to live or to preview outside
 * the build's own seconds (`editOutsideBuildP50S`, `draftOutsideBuildP50S`).
 *
 * Writes every figure as JSON to reports/bench/publish-<date>.json and
 * publish-latest.json (`--out FILE`: to that file alone).
 */

const { values } = parseArgs({
  options: {
    cms: { type: "string", default: "reference" },
    sizes: { type: "string", default: "1000,10000" },
    "image-pool": { type: "string", default: "60" },
    "cpu-count": { type: "string" },
    edits: { type: "string", default: "10" },
    "code-deploy": { type: "boolean", default: false },
    "code-deploy-only": { type: "boolean", default: false },
    preview: { type: "boolean", default: false },
    out: { type: "string" },
  },
})
const sizes = parseSizes(values.sizes)
if (!(CMS_NAMES as readonly string[]).includes(values.cms)) throw new Error(`--cms is one of ${CMS_NAMES.join(", ")}, not "${values.cms}"`)
const cmsName = values.cms as CmsName
if (cmsName === "strapi" && sizes.some((size) => size !== "sample")) throw new Error("Strapi holds the sample catalogue only: run --cms strapi with --sizes sample")
/** Distinct pictures shared by the catalogue; `off`: each entity its own (generateCatalogue's default). */
const imagePool = values["image-pool"] === "off" ? undefined : Number(values["image-pool"])
const codeDeploy = values["code-deploy"] || values["code-deploy-only"]
const editCount = Number(values.edits)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
// eslint-disable-next-line no-control-regex -- strips the terminal's escape sequences, which start with ESC
const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, "")

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** Milliseconds as seconds to a tenth. */
const seconds = (ms: number) => Number((ms / 1000).toFixed(1))

/**
 * What the CMS adds, beside the build (whose seconds follow the machine's
 * load): the median time the CMS took to answer the editor's click, and the
 * median time to live or to preview outside the build itself (the click,
 * the webhook, the queue, the switch).
 */
function besideTheBuild(timed: (Timed & { buildSeconds: number })[]) {
  return {
    requestP50Ms: percentile(
      timed.map((one) => one.requestMs),
      50,
    ),
    outsideBuildP50S: Number(
      (
        percentile(
          timed.map((one) => one.ms - one.buildSeconds * 1000),
          50,
        ) / 1000
      ).toFixed(2),
    ),
  }
}

/** Polls until `done` says yes; the milliseconds it took. */
async function until(done: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (await done().catch(() => false)) return Date.now() - started
    await sleep(100)
  }
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`)
}

/** What one build's log says: how it read the catalogue, and each phase's seconds. */
function readBuildLog(file: string) {
  const log = fs.existsSync(file) ? stripAnsi(fs.readFileSync(file, "utf8")) : ""
  // Gatsby wraps long lines to the terminal's width.
  const read = /Catalogue: (full read|delta read)[^;]*?, (\d+) requests/.exec(log.replace(/\s+/g, " "))
  const phases = [...log.matchAll(/^success (.+?) - ([0-9.]+)s/gm)].map((match) => ({ phase: match[1]!, seconds: Number(match[2]) }))
  const total = Number(/Done building in ([0-9.]+) sec/.exec(log)?.[1] ?? NaN)
  return { read: read?.[1] ?? "unknown", requests: read ? Number(read[2]) : NaN, phases, total, images: readImageLines(log.replace(/\s+/g, " ")) }
}

/** The source plugin's image lines: pictures processed and reused, originals downloaded, the image store's size. */
function readImageLines(log: string) {
  const work = /Catalogue images: (\d+) processed \((\d+) variants\) in [0-9.]+s, (\d+) reused[^;]*(?:; (\d+) originals downloaded)?/.exec(log)
  const store = /Catalogue image store: (\d+) files, ([0-9.]+) MB/.exec(log)
  return {
    processed: work ? Number(work[1]) : NaN,
    reused: work ? Number(work[3]) : NaN,
    downloads: work?.[4] ? Number(work[4]) : NaN,
    storeFiles: store ? Number(store[1]) : NaN,
    storeMB: store ? Number(store[2]) : NaN,
  }
}

const startCms = (options: CmsOptions): Promise<BenchCms> => (cmsName === "strapi" ? startStrapiCms(options) : startReferenceCms(options))

type Episode = BenchCatalogue["episodes"][number]

/** The CMS and a publisher it sends its webhook to, once the publisher's first build is live. */
interface Pipeline {
  cms: BenchCms
  publisher: Publisher
  siteUrl: string
  dataDir: string
  /** The sources the publisher copies into its workspace: the project's, or a copy of them for a code deploy. */
  sourceDir: string
  coldSeconds: number
  /** With `--preview`: the preview site and what signs in to it. */
  preview?: { url: string; signIn: RequestInit }
}

/** A copy of the site's sources (as the publisher mirrors them), for a code deploy that must not touch the project's files. */
function copyOfSources(workDir: string): string {
  const sourceDir = path.join(workDir, "source")
  refreshWorkspace(PROJECT_ROOT, sourceDir)
  return sourceDir
}

async function startPipeline(workDir: string, catalogue: CatalogueChoice): Promise<Pipeline> {
  const secret = `whsec_${crypto.randomBytes(32).toString("base64")}`
  const publisherPort = await freePort()
  const siteUrl = `http://127.0.0.1:${publisherPort}`
  const previewToken = crypto.randomBytes(24).toString("base64url")
  const signInToken = crypto.randomBytes(24).toString("base64url")
  const cms = await startCms({
    workDir,
    catalogue,
    imagePool,
    webhookUrl: `${siteUrl}/hooks/catalogue`,
    webhookSecret: secret,
    previewToken: values.preview ? previewToken : undefined,
    siteUrl,
  })
  const buildEnv = { ...cms.buildEnv, SITE_URL: siteUrl, ...(values["cpu-count"] ? { GATSBY_CPU_COUNT: values["cpu-count"] } : {}) }
  const dataDir = path.join(workDir, "publisher")
  const sourceDir = codeDeploy ? copyOfSources(workDir) : PROJECT_ROOT
  const coldStarted = Date.now()
  let publisher: Publisher | undefined
  try {
    publisher = await startPublisher({
      ...readConfig(process.env),
      port: publisherPort,
      webhookKeys: secretKeys(secret),
      buildEnv,
      dataDir,
      sourceDir,
      // A cold first build with every entity's own picture takes more than the publisher's 10-minute default.
      buildTimeoutMs: 2 * 3600_000,
      workspaceDir: path.join(dataDir, "workspace"),
      databaseFile: path.join(dataDir, "publisher.db"),
      logging: { level: "silent", format: "json" },
      preview: values.preview ? { port: await freePort(), dataDir: path.join(dataDir, "preview"), catalogueToken: previewToken, signInToken } : undefined,
    })
    await publisher.idle()
    if (!publisher.status().live) throw new Error(`The first build failed: ${JSON.stringify(publisher.status().recent[0]?.reason)}`)
  } catch (error) {
    await publisher?.close()
    await cms.stop()
    throw error
  }
  const preview = publisher.previewUrl ? { url: publisher.previewUrl, signIn: { headers: { authorization: `Bearer ${signInToken}` } } } : undefined
  return { cms, publisher, siteUrl, dataDir, sourceDir, coldSeconds: (Date.now() - coldStarted) / 1000, preview }
}

async function stopPipeline({ cms, publisher }: Pipeline): Promise<void> {
  await publisher.close()
  await cms.stop()
}

const newestJob = ({ publisher }: Pipeline) => publisher.status().recent[0]!.id
const newestBuild = (pipeline: Pipeline) => readBuildLog(logFileOf(pipeline.dataDir, newestJob(pipeline)))
const newestPreviewBuild = ({ publisher, dataDir }: Pipeline) => readBuildLog(logFileOf(path.join(dataDir, "preview"), publisher.previewStatus()!.recent[0]!.id))

/** One timed change: until it showed, and how long of that the CMS took to answer the editor's click. */
interface Timed {
  ms: number
  requestMs: number
}

/** Edits an episode's title (the episode opened first, untimed) and waits until its page serves the new one. */
async function editUntilLive({ cms, siteUrl }: Pipeline, episode: Episode, title: string, what: string, timeoutMs = 10 * 60_000): Promise<Timed> {
  const editor = await cms.open(episode.id)
  const started = Date.now()
  await editor.publishTitle(title)
  const requestMs = Date.now() - started
  await until(async () => (await (await fetch(`${siteUrl}/detail/${episode.id}/`)).text()).includes(title), timeoutMs, what)
  return { ms: Date.now() - started, requestMs }
}

/** 10 single edits, one after another: each one's edit-to-live time and what its build read. */
async function singleEdits(pipeline: Pipeline, content: BenchCatalogue) {
  const single: (Timed & { requests: number; read: string; buildSeconds: number })[] = []
  for (let k = 0; k < editCount; k += 1) {
    const episode = content.episodes[Math.floor(((k + 1) * content.episodes.length) / (editCount + 2))]!
    const timed = await editUntilLive(pipeline, episode, `${episode.title} (edit ${k + 1})`, `edit ${k + 1}`)
    await pipeline.publisher.idle()
    const build = newestBuild(pipeline)
    single.push({ ...timed, requests: build.requests, read: build.read, buildSeconds: build.total })
  }
  return single
}

/** A burst of 20 edits in 2 s: seconds until all are live, and how many builds it took. */
async function burstOfEdits(pipeline: Pipeline, content: BenchCatalogue) {
  const { cms, siteUrl } = pipeline
  const jobsBefore = newestJob(pipeline)
  const burst = content.episodes.slice(-40, -20)
  const started = Date.now()
  for (const [index, episode] of burst.entries()) {
    await (await cms.open(episode.id)).publishTitle(`${episode.title} (burst)`)
    await sleep(Math.max(0, started + (index + 1) * 100 - Date.now()))
  }
  for (const episode of burst) {
    await until(async () => (await (await fetch(`${siteUrl}/detail/${episode.id}/`)).text()).includes(`${episode.title} (burst)`), 10 * 60_000, "the burst")
  }
  const seconds = (Date.now() - started) / 1000
  await pipeline.publisher.idle()
  return { seconds, builds: newestJob(pipeline) - jobsBefore }
}

/** One deleted episode of `seriesId`: seconds until its page answers 404 and its series page no longer lists it. */
async function deleteEpisode(pipeline: Pipeline, content: BenchCatalogue, seriesId: string) {
  const { cms, siteUrl } = pipeline
  const doomed = content.episodes.find((episode) => episode.seriesId === seriesId)!
  const started = Date.now()
  await cms.removeEpisode(doomed.id)
  await until(
    async () => (await fetch(`${siteUrl}/detail/${doomed.id}/`)).status === 404 && !(await (await fetch(`${siteUrl}/series/${seriesId}/`)).text()).includes(`/detail/${doomed.id}`),
    10 * 60_000,
    "the deletion",
  )
  const seconds = (Date.now() - started) / 1000
  await pipeline.publisher.idle()
  return seconds
}

/** A draft title saved (the episode opened first, untimed), until the preview page shows it. */
async function draftUntilPreviewed({ cms, preview }: Pipeline, episode: Episode, title: string, what: string): Promise<Timed> {
  if (!preview) throw new Error("No preview lane: run with --preview")
  const editor = await cms.open(episode.id)
  const started = Date.now()
  await editor.saveDraftTitle(title)
  const requestMs = Date.now() - started
  await until(async () => (await (await fetch(`${preview.url}/detail/${episode.id}/`, preview.signIn)).text()).includes(title), 10 * 60_000, what)
  return { ms: Date.now() - started, requestMs }
}

/**
 * The preview lane's figures: `editCount` drafts one after another (draft to
 * preview), then as many live edits each made while a preview build runs
 * (edit to live, the preview build stopped for it).
 */
async function previewEdits(pipeline: Pipeline, content: BenchCatalogue) {
  const drafts: (Timed & { buildSeconds: number })[] = []
  const duringPreview: number[] = []
  for (let k = 0; k < editCount; k += 1) {
    const episode = content.episodes[Math.floor(((k + 1) * content.episodes.length) / (editCount + 3))]!
    const timed = await draftUntilPreviewed(pipeline, episode, `${episode.title} (draft ${k + 1})`, `draft ${k + 1}`)
    await pipeline.publisher.idle()
    drafts.push({ ...timed, buildSeconds: newestPreviewBuild(pipeline).total })
  }
  for (let k = 0; k < editCount; k += 1) {
    const drafted = content.episodes[k + 1]!
    const edited = content.episodes[content.episodes.length - 2 - k]!
    await (await pipeline.cms.open(drafted.id)).saveDraftTitle(`${drafted.title} (draft beside edit ${k + 1})`)
    await until(async () => pipeline.publisher.previewStatus()?.building !== null, 60_000, "a preview build to start")
    duringPreview.push((await editUntilLive(pipeline, edited, `${edited.title} (edit during preview ${k + 1})`, `edit during preview ${k + 1}`)).ms)
    await pipeline.publisher.idle()
  }
  const ms = drafts.map((draft) => draft.ms)
  const beside = besideTheBuild(drafts)
  return {
    draftToPreviewP50S: seconds(percentile(ms, 50)),
    draftToPreviewP95S: seconds(percentile(ms, 95)),
    draftRequestP50Ms: beside.requestP50Ms,
    draftOutsideBuildP50S: beside.outsideBuildP50S,
    editToLiveDuringPreviewP50S: seconds(percentile(duringPreview, 50)),
    editToLiveDuringPreviewP95S: seconds(percentile(duringPreview, 95)),
    drafts,
    duringPreviewMs: duringPreview,
  }
}

/** The files a code deploy changes: Gatsby clears its cache when either changes. */
const CODE_DEPLOY_FILES = ["gatsby-node.ts", path.join("plugins", "gatsby-source-catalogue", "gatsby-node.ts")]

/**
 * A code deploy: a comment added to the site's and the source plugin's
 * gatsby-node.ts in the publisher's source copy, then one edit, which
 * builds with the changed code. Its seconds to live and its image figures.
 */
async function codeDeployEdit(pipeline: Pipeline, content: BenchCatalogue) {
  for (const file of CODE_DEPLOY_FILES) fs.appendFileSync(path.join(pipeline.sourceDir, file), `// bench:publish code deploy ${Date.now()}\n`)
  const episode = content.episodes[Math.floor(content.episodes.length / 3)]!
  const { ms } = await editUntilLive(pipeline, episode, `${episode.title} (code deploy)`, "the code deploy", 60 * 60_000)
  await pipeline.publisher.idle()
  const build = newestBuild(pipeline)
  return {
    codeDeployLiveS: Number((ms / 1000).toFixed(1)),
    codeDeployBuildS: build.total,
    codeDeployRead: build.read,
    codeDeployProcessed: build.images.processed,
    codeDeployReused: build.images.reused,
    codeDeployDownloads: build.images.downloads,
    storeFiles: build.images.storeFiles,
    storeMB: build.images.storeMB,
    codeDeployPhases: [...build.phases].sort((a, b) => b.seconds - a.seconds).slice(0, 8),
  }
}

async function benchmark(catalogue: CatalogueChoice) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-publish-${cmsName}-${catalogue}-`))
  const pipeline = await startPipeline(workDir, catalogue)
  const content = pipeline.cms.catalogue
  const episodes = content.episodes.length
  const what = { cms: cmsName, catalogue: catalogue === "sample" ? "sample" : "generated", episodes }
  try {
    if (values["code-deploy-only"]) {
      const first = newestBuild(pipeline)
      const poller = startReleasePoller(pipeline.siteUrl, ["/", `/detail/${content.episodes[1]!.id}/`])
      const deploy = await codeDeployEdit(pipeline, content)
      await poller.stop()
      const { requests: polled, non200, mixed } = poller.counts
      return {
        figures: { ...what, coldFirstBuildS: Number(pipeline.coldSeconds.toFixed(1)), coldProcessed: first.images.processed, ...deploy, polled, non200, mixed },
        pollerExamples: poller.counts.examples,
        logs: workDir,
      }
    }
    // Gatsby rewrites every page's compilation hash on the first rebuild after a clean
    // (gatsbyjs/gatsby#31628); one edit first, so the figures are what editors see from then on.
    const warmUp = content.episodes[0]!
    await editUntilLive(pipeline, warmUp, `${warmUp.title} (warm-up)`, "the warm-up edit", 15 * 60_000)
    // The preview's own first rebuild, likewise (the publish above built it too).
    await pipeline.publisher.idle()
    if (pipeline.preview) await draftUntilPreviewed(pipeline, warmUp, `${warmUp.title} (warm-up draft)`, "the warm-up draft")
    await pipeline.publisher.idle()

    const series = content.series[Math.floor(content.series.length / 2)]!
    const watched = content.episodes.filter((episode) => episode.seriesId !== series.id)
    const poller = startReleasePoller(pipeline.siteUrl, ["/", `/series/${series.id}/`, `/detail/${watched[1]!.id}/`])
    const single = await singleEdits(pipeline, content)
    const preview = pipeline.preview ? await previewEdits(pipeline, content) : undefined
    const burst = await burstOfEdits(pipeline, content)
    const deleteSeconds = await deleteEpisode(pipeline, content, series.id)
    const warm = newestBuild(pipeline)
    const deploy = codeDeploy ? await codeDeployEdit(pipeline, content) : {}
    await poller.stop()

    const ms = single.map((edit) => edit.ms)
    return {
      figures: {
        ...what,
        coldFirstBuildS: Number(pipeline.coldSeconds.toFixed(1)),
        editToLiveP50S: seconds(percentile(ms, 50)),
        editToLiveP95S: seconds(percentile(ms, 95)),
        editRequestP50Ms: besideTheBuild(single).requestP50Ms,
        editOutsideBuildP50S: besideTheBuild(single).outsideBuildP50S,
        requestsPerEditBuild: [...new Set(single.map((edit) => edit.requests))].join("/"),
        reads: [...new Set(single.map((edit) => edit.read))].join("/"),
        burst20LiveS: Number(burst.seconds.toFixed(1)),
        burstBuilds: burst.builds,
        deleteLiveS: Number(deleteSeconds.toFixed(1)),
        polled: poller.counts.requests,
        non200: poller.counts.non200,
        mixed: poller.counts.mixed,
        ...(preview
          ? {
              draftToPreviewP50S: preview.draftToPreviewP50S,
              draftToPreviewP95S: preview.draftToPreviewP95S,
              draftRequestP50Ms: preview.draftRequestP50Ms,
              draftOutsideBuildP50S: preview.draftOutsideBuildP50S,
              editToLiveDuringPreviewP50S: preview.editToLiveDuringPreviewP50S,
              editToLiveDuringPreviewP95S: preview.editToLiveDuringPreviewP95S,
            }
          : {}),
        ...deploy,
      },
      ...(preview ? { drafts: preview.drafts, editsDuringPreview: preview.duringPreviewMs } : {}),
      edits: single,
      warmPhases: [...warm.phases].sort((a, b) => b.seconds - a.seconds).slice(0, 10),
      warmTotalS: warm.total,
      pollerExamples: poller.counts.examples,
      logs: workDir,
    }
  } finally {
    await stopPipeline(pipeline)
  }
}

async function main() {
  const results = []
  for (const size of sizes) {
    const catalogue = size === "sample" ? "the sample catalogue" : `${size} episodes (image pool ${imagePool ?? "off: every entity its own picture"})`
    console.log(`Publishing benchmark from ${cmsName === "strapi" ? "Strapi" : "the reference server"}: ${catalogue}${codeDeploy ? ", with a code deploy" : ""}...`)
    const result = await benchmark(size)
    console.log(JSON.stringify(result, null, 1))
    results.push(result)
  }
  console.table(results.map((result) => result.figures))
  const { out, ...options } = values
  writeBenchReport(benchReport("publish", options, results), { out })
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error)
  process.exit(1)
})
