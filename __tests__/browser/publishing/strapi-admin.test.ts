import crypto from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Page } from "playwright-core"
import { freePort, PROJECT_ROOT, stopProcess } from "../../../node-kit/process/processes"
import { imageStoreDirectory } from "../../../plugins/gatsby-source-catalogue/src/images/store"
import { readConfig, startPublisher, type Publisher } from "../../../publisher/src"
import { secretKeys } from "../../../contract/webhook-signature"
import { SHARED_DRAWINGS_DIR, startReferenceServer, type ReferenceServer } from "../../../scripts/lib/reference-server"
import { startStrapi, type SeededStrapi } from "../../helpers/strapi"
import { waitFor } from "../../helpers/wait-for"
import { useBrowser } from "../harness/browser"

/*
 * An editor's loop in Strapi's admin panel, in Chromium: a seeded
 * Strapi of this file alone, sending its signed webhooks to a publisher with
 * both lanes (real Gatsby builds in the publisher's own workspace), its
 * Preview button pointed at the preview lane. The editor signs in through
 * the admin's form, renames an episode and saves: the preview shows the new
 * title and the live site does not; Publish puts it live; Unpublish sends
 * its page to the 404. Every name the browser uses is localhost, as
 * `npm run strapi` has it, so the admin and the preview are one site and
 * the Preview panel's session cookie is sent.
 */

const browser = useBrowser()

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** A warm build here takes 10–30 s; a deadline well past it, so only a lost build fails. */
const BUILD_DEADLINE_MS = 240_000
/** Both lanes' first builds are cold: every page and picture. */
const FIRST_BUILDS_DEADLINE_MS = 900_000
/** Strapi's admin is a large single-page app: its first load on two busy cores takes seconds, some of it compiling its bundles. */
const ADMIN_DEADLINE_MS = 120_000

const EPISODE = "1002"
const PAGE = `/detail/${EPISODE}/`
const NEW_TITLE = `Power and Control, renamed in Strapi ${crypto.randomUUID().slice(0, 8)}`

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "strapi-admin-"))
const log = fs.openSync(path.join(dir, "processes.log"), "a")
const signInToken = crypto.randomBytes(24).toString("base64url")
const handOffSecret = crypto.randomBytes(24).toString("base64url")
let videoHost: ReferenceServer
let strapi: SeededStrapi
let publisher: Publisher
let adminUrl: string
let liveUrl: string
let previewUrl: string
const figures: string[] = []

const localhost = (origin: string) => `http://localhost:${new URL(origin).port}`

/** A page of the live site as a visitor gets it. */
async function livePage(pagePath: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${liveUrl}${pagePath}`)
  return { status: response.status, text: await response.text() }
}

/** A page of the preview as a signed-in tool reads it (the sign-in token as a Bearer token). */
async function previewPage(pagePath: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${previewUrl}${pagePath}`, { headers: { authorization: `Bearer ${signInToken}` } })
  return { status: response.status, text: await response.text() }
}

/** Until `read` of `pagePath` satisfies `done`; how long it took. */
async function untilPage(read: typeof livePage, pagePath: string, done: (page: { status: number; text: string }) => boolean, what: string): Promise<number> {
  const started = Date.now()
  await waitFor(async () => (done(await read(pagePath)) ? true : undefined), { timeout: BUILD_DEADLINE_MS, what: what, interval: 250 })
  return Date.now() - started
}

/** A notification the admin shows after an action ("Saved document"), by its text. */
const notice = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).first()

beforeAll(async () => {
  const [livePort, previewPort] = [await freePort(), await freePort()]
  liveUrl = `http://localhost:${livePort}`
  previewUrl = `http://localhost:${previewPort}`
  // The sample's episodes name videos on the reference server's stand-in video host, as under `npm run strapi`.
  videoHost = await startReferenceServer({ port: await freePort(), dataDir: path.join(dir, "video-host"), drawingsDir: SHARED_DRAWINGS_DIR, stdio: ["ignore", log, log] })
  const started = Date.now()
  strapi = await startStrapi({ webhookUrl: `http://127.0.0.1:${livePort}/hooks/catalogue`, siteUrl: liveUrl, previewSiteUrl: previewUrl, handOffSecret })
  adminUrl = `${localhost(strapi.origin)}/admin`
  figures.push(`Strapi answering in ${seconds(Date.now() - started)}`)
  const dataDir = path.join(dir, "publisher")
  publisher = await startPublisher({
    ...readConfig(process.env),
    port: livePort,
    dataDir,
    workspaceDir: path.join(dataDir, "workspace"),
    databaseFile: path.join(dataDir, "publisher.db"),
    webhookKeys: secretKeys(strapi.webhookSecret),
    debounceMs: 300,
    logging: { level: "silent", format: "json" },
    buildEnv: {
      ...process.env,
      GATSBY_TELEMETRY_DISABLED: "1",
      CATALOGUE_API_URL: strapi.apiUrl,
      SITE_URL: liveUrl,
      VIDEO_API_URL: videoHost.buildEnv.VIDEO_API_URL,
      VIDEO_API_TOKEN: videoHost.buildEnv.VIDEO_API_TOKEN,
      // The suite's processed pictures (the store is shared safely: plugins/gatsby-source-catalogue/src/images/store.ts).
      CATALOGUE_IMAGE_STORE: imageStoreDirectory(null, PROJECT_ROOT),
    },
    preview: {
      port: previewPort,
      dataDir: path.join(dataDir, "preview"),
      catalogueToken: strapi.previewToken,
      signInToken,
      handOffSecret,
      frameAncestors: [localhost(strapi.origin)],
    },
  })
  const built = Date.now()
  await waitFor(
    async () => {
      await publisher.idle()
      return publisher.status().live && publisher.previewStatus()?.live ? true : undefined
    },
    { timeout: FIRST_BUILDS_DEADLINE_MS, what: "both lanes' first releases from Strapi's catalogue", interval: 1000 },
  )
  figures.push(`both lanes' first (cold) releases in ${seconds(Date.now() - built)}`)
}, FIRST_BUILDS_DEADLINE_MS + 300_000)

afterAll(async () => {
  await publisher?.close()
  await strapi?.stop()
  if (videoHost) await stopProcess(videoHost.child)
  process.stdout.write(`\nStrapi's admin (real builds):\n  ${figures.join("\n  ")}\n`)
  fs.closeSync(log)
  fs.rmSync(dir, { recursive: true, force: true })
}, 60_000)

it("lets an editor sign in and rename an episode: saved, the preview shows it and the live site does not; published, it is live; unpublished, its page is the 404", async () => {
  const published = await livePage(PAGE)
  expect(published.status).toBe(200)
  expect(published.text).not.toContain(NEW_TITLE)

  const context = await browser().newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  page.setDefaultTimeout(ADMIN_DEADLINE_MS)

  // Signing in through the admin's own form.
  await page.goto(adminUrl)
  await page.getByLabel("Email").fill(strapi.adminEmail)
  await page.getByLabel("Password").fill(strapi.adminPassword)
  await page.getByRole("button", { name: "Login" }).click()
  await page.getByRole("link", { name: "Content Manager" }).click()
  await page.getByRole("navigation", { name: "Content Manager" }).getByRole("link", { name: "Episode" }).click()
  await page.getByRole("heading", { name: "Episode", level: 1 }).waitFor()

  // The episode's edit view (its documentId is the contract's id), its fields by their labels:
  // the episode's title is "Title", the SEO component's "Search and share title".
  await page.goto(`${adminUrl}/content-manager/collection-types/api::episode.episode/${EPISODE}`)
  await expect(page.getByRole("textbox", { name: "Video id on the video host" }).inputValue()).resolves.not.toBe("")
  const title = page.getByRole("textbox", { name: "Title", exact: true })
  await title.fill(NEW_TITLE)
  const entry = page.getByRole("complementary").filter({ has: page.getByRole("heading", { name: "Entry" }) })
  await entry.getByRole("button", { name: "Save" }).click()
  await notice(page, "Saved document").waitFor()
  await page.getByRole("status").filter({ hasText: "Modified" }).first().waitFor()
  const draftMs = await untilPage(previewPage, PAGE, (answer) => answer.text.includes(NEW_TITLE), `${PAGE} on the preview to show the saved title`)
  figures.push(`saved draft on the preview in ${seconds(draftMs)}`)
  const live = await livePage(PAGE)
  expect(live.status).toBe(200)
  expect(live.text).not.toContain(NEW_TITLE)

  // Strapi's Preview shows the page of the preview lane, signed in by the hand-off, with the preview bar.
  await page.getByRole("link", { name: "Open preview" }).click()
  const framed = page.frameLocator("iframe")
  await framed.getByRole("heading", { name: NEW_TITLE, level: 1 }).waitFor()
  await framed.getByRole("complementary", { name: "Preview" }).waitFor()
  await page.getByRole("link", { name: "Close preview" }).click()

  await entry.getByRole("button", { name: "Publish" }).click()
  await notice(page, "Published document").waitFor()
  const publishMs = await untilPage(livePage, PAGE, (answer) => answer.status === 200 && answer.text.includes(NEW_TITLE), `${PAGE} on the live site to show the published title`)
  figures.push(`published title live in ${seconds(publishMs)}`)

  // Unpublishing a document without unsaved changes asks nothing more in Strapi 5.
  await entry.getByRole("button", { name: "More document actions" }).click()
  await page.getByRole("menuitem", { name: "Unpublish" }).click()
  await notice(page, "Unpublished document").waitFor()
  const unpublishMs = await untilPage(livePage, PAGE, (answer) => answer.status === 404, `${PAGE} on the live site to answer 404`)
  figures.push(`unpublished page gone (404) in ${seconds(unpublishMs)}`)
  expect((await livePage(PAGE)).text).toContain("404 PAGE NOT FOUND")
  expect((await livePage(PAGE)).text).not.toContain(NEW_TITLE)
}, 900_000)
