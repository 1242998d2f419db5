import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { ChildProcess } from "node:child_process"
import { imageStoreDirectory } from "../../plugins/gatsby-source-catalogue/src/images/store"
import { refreshWorkspace } from "../../publisher/src/jobs/workspace"
import { COMMANDS, freePort, PROJECT_ROOT, runToCompletion, stopProcess } from "../../node-kit/process/processes"
import { SHARED_DRAWINGS_DIR, startReferenceServer, type ReferenceServer } from "../../scripts/lib/reference-server"
import { startStrapi, type SeededStrapi } from "../helpers/strapi"
import { describeDifferences, siteDifferences, snapshotSite, type Aspect, type Difference, type SiteSnapshot } from "./helpers/site-snapshot"

// The same site from either CMS: the site built from a Strapi seeded with the
// reference server's sample and the site built from the reference server
// itself have the same pages, texts, links and SEO output, pictures aside
// (their URLs, sizes and digests come from each CMS's own media). Both builds
// have one SITE_URL and one video host (the reference server's stand-in:
// Strapi's episodes name the same videos), each in a workspace of its own.
//
// Dates: each backend stamps updated_at when its catalogue was written (the
// reference server when it first starts, Strapi when the seed ran, for the
// tests once per seeded template), so two reference servers started a minute
// apart differ as much; the sitemap's lastmod and JSON-LD's dateModified,
// where that stamp goes, are compared as present, not by value.

const SITE_URL = "https://catalogue.example"
/** Each build names its own CMS's API (the subscribe form's action): the comparison reads both as this. */
const CATALOGUE_API = "{catalogue API}"

let work: string
let reference: ReferenceServer | undefined
let strapi: SeededStrapi | undefined
let building: ChildProcess | undefined
let fromReference: SiteSnapshot
let fromStrapi: SiteSnapshot
let differences: Difference[]

/** `gatsby build` in the workspace `name` (a copy of the project's sources); the built public/ folder. */
async function build(name: string, env: NodeJS.ProcessEnv): Promise<string> {
  const workspace = path.join(work, name)
  const logFile = path.join(work, `${name}.log`)
  const log = fs.openSync(logFile, "a")
  const started = Date.now()
  try {
    const run = runToCompletion(COMMANDS.gatsby, ["build"], { cwd: workspace, stdio: ["ignore", log, log], env })
    building = run.child
    await run.done
  } catch (error) {
    const tail = fs.readFileSync(logFile, "utf8").split("\n").slice(-40).join("\n")
    throw new Error(`The build from ${name} failed: ${error instanceof Error ? error.message : error}\n--- last lines of its log ---\n${tail}`)
  } finally {
    building = undefined
    fs.closeSync(log)
  }
  process.stdout.write(`Same site: built from ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`)
  return path.join(workspace, "public")
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "same-site-"))
  // Both copies first: the two builds are of the same sources even while someone edits the project.
  for (const name of ["reference", "strapi"]) refreshWorkspace(PROJECT_ROOT, path.join(work, name))
  // A fresh sample, as the Strapi's template was seeded from.
  reference = await startReferenceServer({ port: await freePort(), dataDir: path.join(work, "reference-data"), drawingsDir: SHARED_DRAWINGS_DIR, stdio: "ignore" })
  // The first Strapi of a run may install, build and seed first (minutes in CI).
  strapi = await startStrapi()
  const env: NodeJS.ProcessEnv = {
    ...reference.buildEnv,
    SITE_URL,
    // The suite's image store (shared safely, plugins/gatsby-source-catalogue/src/images/store.ts): the
    // sample's pictures are resized once, not in each build.
    CATALOGUE_IMAGE_STORE: imageStoreDirectory(null, PROJECT_ROOT),
  }
  // One after the other: two Gatsby builds at once would share two cores.
  const referenceSite = await build("reference", env)
  const strapiSite = await build("strapi", { ...env, CATALOGUE_API_URL: strapi.apiUrl })
  // The player's links name the video host, the reference server in both builds: left as they are.
  fromReference = snapshotSite(referenceSite, { placeholders: { [reference.buildEnv.CATALOGUE_API_URL!]: CATALOGUE_API } })
  fromStrapi = snapshotSite(strapiSite, { placeholders: { [strapi.apiUrl]: CATALOGUE_API } })
  differences = siteDifferences(fromReference, fromStrapi)
}, 30 * 60_000)

afterAll(async () => {
  if (building) await stopProcess(building)
  await strapi?.stop()
  if (reference) await stopProcess(reference.child)
  if (work) fs.rmSync(work, { recursive: true, force: true })
}, 60_000)

/** Fails with the first pages that differ in `aspects` and what differs on each, the reference's side first. */
function expectNoDifferences(...aspects: Aspect[]): void {
  const found = differences.filter((difference) => aspects.includes(difference.aspect))
  if (found.length > 0) {
    throw new Error(`The build from Strapi differs from the build from the reference server (reference first, Strapi second):\n${describeDifferences(found)}`)
  }
}

describe("the site built from Strapi's seed and from the reference server's", () => {
  it("has the same pages", () => {
    // Every page of the sample: home, categories, subcategories, series, episodes and the fixed pages.
    expect(Object.keys(fromReference.pages).length).toBeGreaterThan(100)
    expect(Object.keys(fromReference.pages)).toEqual(expect.arrayContaining(["/", "/category/1/", "/detail/1002/", "/404.html"]))
    expectNoDifferences("pages")
  })

  it("shows the same text on every page", () => {
    expect(fromReference.pages["/detail/1002/"]?.text).toContain("30-Day HIIT Challenge: Power and Control")
    expectNoDifferences("text")
  })

  it("has the same links and forms on every page", () => {
    expect(fromReference.pages["/category/1/"]?.links.length).toBeGreaterThan(10)
    expectNoDifferences("links")
  })

  it("gives every page the same title, description, robots, canonical, social cards and structured data", () => {
    expect(fromReference.pages["/detail/1002/"]?.seo).toEqual(
      expect.objectContaining({ title: expect.stringContaining("Power and Control"), "link canonical": `${SITE_URL}/detail/1002/` }),
    )
    expect(fromReference.pages["/detail/1002/"]?.jsonLd.length).toBeGreaterThan(0)
    expectNoDifferences("seo", "jsonLd")
  })

  it("writes the same sitemaps, robots.txt and web manifest", () => {
    expect(Object.keys(fromReference.files)).toEqual(expect.arrayContaining(["robots.txt", "sitemap-index.xml", "sitemap-0.xml", "manifest.webmanifest"]))
    expectNoDifferences("files")
  })
})
