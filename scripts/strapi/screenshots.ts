import fs from "node:fs"
import path from "node:path"
import type { BrowserContext, Locator, Page } from "playwright-core"
import { readSettings } from "../../node-kit/config/settings-reader"
import { PROJECT_ROOT } from "../../node-kit/process/processes"
import { launchBrowser } from "../lib/chromium"
import { LOCAL_SECRETS_DIR } from "../lib/local-secrets"
import { STRAPI_ENV_FILE } from "./secrets"

/**
 * `npm run docs:strapi-screenshots`: the nine screenshots of
 * docs/guides/strapi-for-editors.md, taken from a running `npm run strapi`
 * by doing what the guide tells an editor to do, in Chromium at 1280 × 800.
 * It renames episode 1002, saves, previews, publishes, unpublishes, then
 * gives the episode its title back and publishes it again; it fills series
 * 101's Search and sharing group, saves, opens its SEO card, then discards
 * that draft. Both entries must be published with no unpublished changes
 * when it starts, so that this leaves the catalogue as it found it.
 */

const settings = readSettings(process.env, "Strapi screenshots")
const ports = settings.done({
  strapi: settings.port("STRAPI_PORT", 1337),
  site: settings.port("PUBLISHER_PORT", 9000),
  preview: settings.port("PUBLISHER_PREVIEW_PORT", 9001),
})
// localhost, as `npm run strapi` prints: the admin and the preview are then one site, and the Preview's session cookie is sent.
const ADMIN = `http://localhost:${ports.strapi}/admin`
const LIVE = `http://localhost:${ports.site}`
const PREVIEW = `http://localhost:${ports.preview}`
const OUT_DIR = path.join(PROJECT_ROOT, "docs", "guides", "images", "strapi")

const EPISODE = "1002"
const EPISODE_PAGE = `/detail/${EPISODE}/`
// The sample names it "30-Day HIIT Challenge: Power and Control".
const NEW_TITLE = "Power and Control: Full-Body Strength"
const SERIES = "101"
const SERIES_PAGE = `/series/${SERIES}/`
const SEO_TITLE = "30-Day HIIT Challenge: short, hard workouts"
const SEO_DESCRIPTION = "Thirty days of 20-minute HIIT sessions with clear cues and options for every level. Start today, no equipment needed."

/** A warm build takes 10–30 s; well past it, so only a lost build stops the script. */
const BUILD_DEADLINE_MS = 240_000
/** Strapi's admin is a large single-page app: its first load on two busy cores takes a while. */
const ADMIN_DEADLINE_MS = 120_000

const started = Date.now()
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`
const log = (line: string) => console.log(`[${seconds()}] ${line}`)

class Stop extends Error {}

interface SignIn {
  email: string
  password: string
  previewToken: string
}

function readSignIn(): SignIn {
  const envFile = path.join(LOCAL_SECRETS_DIR, STRAPI_ENV_FILE)
  const tokenFile = path.join(LOCAL_SECRETS_DIR, "preview-sign-in-token")
  if (!fs.existsSync(envFile) || !fs.existsSync(tokenFile)) {
    throw new Stop(`No ${path.relative(PROJECT_ROOT, envFile)} or ${path.relative(PROJECT_ROOT, tokenFile)}: run \`npm run strapi\` first (it makes them).`)
  }
  const values = new Map(
    fs
      .readFileSync(envFile, "utf8")
      .split("\n")
      .map((line) => /^([A-Z_]+)=(.*)$/.exec(line.trim()))
      .filter((match) => match !== null)
      .map((match) => [match[1]!, match[2]!] as const),
  )
  const email = process.env.ADMIN_EMAIL?.trim() || values.get("ADMIN_EMAIL")
  const password = process.env.ADMIN_PASSWORD?.trim() || values.get("ADMIN_PASSWORD")
  if (!email || !password) throw new Stop(`${path.relative(PROJECT_ROOT, envFile)} has no ADMIN_EMAIL or ADMIN_PASSWORD line.`)
  return { email, password, previewToken: fs.readFileSync(tokenFile, "utf8").trim() }
}

interface Answer {
  status: number
  text: string
}

/** A page of the live site as a visitor gets it, or of the preview as a signed-in tool reads it; status 0 when nothing answers. */
async function read(origin: string, pagePath: string, token?: string): Promise<Answer> {
  try {
    const response = await fetch(`${origin}${pagePath}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(10_000) })
    return { status: response.status, text: await response.text() }
  } catch {
    return { status: 0, text: "" }
  }
}

/** Strapi, the live site and the preview each answering, and the two pages this script changes published on both lanes. */
async function checkRunning(signIn: SignIn): Promise<void> {
  const start = "Start `npm run strapi` and wait until it prints the site's and the preview's addresses."
  const strapi = await read(`http://localhost:${ports.strapi}`, "/_health")
  if (strapi.status === 0 || strapi.status >= 400) throw new Stop(`Strapi is not answering on http://localhost:${ports.strapi}. ${start}`)
  for (const [lane, origin, token] of [
    ["The live site", LIVE, undefined],
    ["The preview", PREVIEW, signIn.previewToken],
  ] as const) {
    const home = await read(origin, "/", token)
    if (home.status === 0) throw new Stop(`${lane} is not answering on ${origin}. ${start}`)
    if (home.status === 401) throw new Stop(`${lane} on ${origin} refused the preview's sign-in token: is it this project's \`npm run strapi\`?`)
    for (const page of [EPISODE_PAGE, SERIES_PAGE]) {
      const answer = await read(origin, page, token)
      if (answer.status !== 200) throw new Stop(`${lane} answers ${answer.status} for ${origin}${page}: its first build may not be live yet, or the page is unpublished. ${start}`)
    }
  }
}

/** Until `origin`'s `pagePath` satisfies `done`. */
async function untilPage(origin: string, pagePath: string, done: (answer: Answer) => boolean, what: string, token?: string): Promise<void> {
  const deadline = Date.now() + BUILD_DEADLINE_MS
  while (!done(await read(origin, pagePath, token))) {
    if (Date.now() > deadline) throw new Error(`Gave up after ${BUILD_DEADLINE_MS / 1000} s waiting for ${what} (see ${LIVE}/_publisher/)`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(OUT_DIR, `${name}.png`), animations: "disabled", caret: "hide" })
  log(`${name}.png`)
}

/** A notification the admin shows after an action ("Saved document"), by its text. */
const notice = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).first()
/** The edit view's Entry box: Publish, Save and the "…" menu. */
const entryBox = (page: Page) => page.getByRole("complementary").filter({ has: page.getByRole("heading", { name: "Entry" }) })

async function signInToStrapi(page: Page, signIn: SignIn): Promise<void> {
  await page.goto(ADMIN)
  await page.getByRole("button", { name: "Login" }).waitFor()
  await shoot(page, "sign-in")
  await page.getByLabel("Email").fill(signIn.email)
  await page.getByLabel("Password").fill(signIn.password)
  const [answer] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === "/admin/login" && response.request().method() === "POST"),
    page.getByRole("button", { name: "Login" }).click(),
  ])
  if (!answer.ok()) {
    const reason = await answer.text().catch(() => "")
    throw new Stop(
      `Strapi refused the sign-in (${answer.status()}; ${reason.slice(0, 200)}): check ADMIN_EMAIL and ADMIN_PASSWORD in .secrets/${STRAPI_ENV_FILE}, or wait a few minutes after many sign-ins.`,
    )
  }
  await page.getByRole("link", { name: "Content Manager" }).waitFor()
  // A fresh admin announces Strapi's news in a banner over the top of every screen; closed, it stays closed for this browser.
  await page
    .getByRole("button", { name: "Close the banner." })
    .click({ timeout: 10_000 })
    .catch(() => undefined)
}

/** An entry's edit view, refusing one with unpublished changes: the script could not put it back as it was. */
async function openPublishedEntry(page: Page, type: string, id: string): Promise<void> {
  await page.goto(`${ADMIN}/content-manager/collection-types/${type}/${id}`)
  const title = page.getByRole("textbox", { name: "Title", exact: true })
  await title.waitFor()
  const status = page
    .getByRole("status")
    .filter({ hasText: /^(Published|Modified|Draft)$/ })
    .first()
  const text = (await status.textContent())?.trim()
  if (text !== "Published") {
    throw new Stop(`${type} ${id} is ${text ?? "of no status"} in Strapi: publish or discard its changes first, so the script can leave it as it found it.`)
  }
}

/** Strapi's preview screen for the open entry, once the framed page shows `ready`. */
async function openPreview(page: Page, ready: (frame: ReturnType<Page["frameLocator"]>) => Locator): Promise<void> {
  await page.getByRole("link", { name: "Open preview" }).click()
  await ready(page.frameLocator("iframe")).waitFor()
}

async function selectDevice(page: Page, device: "Desktop" | "Mobile"): Promise<void> {
  await page.getByRole("combobox", { name: "Select device type" }).click()
  await page.getByRole("option", { name: device }).click()
}

/** Gives episode 1002 its title back and publishes it, whatever state the loop left it in. */
async function restoreEpisode(page: Page, title: string): Promise<void> {
  await page.goto(`${ADMIN}/content-manager/collection-types/api::episode.episode/${EPISODE}`)
  const field = page.getByRole("textbox", { name: "Title", exact: true })
  if ((await field.inputValue()) !== title) await field.fill(title)
  const publish = entryBox(page).getByRole("button", { name: "Publish" })
  if (await publish.isEnabled()) {
    await publish.click()
    await notice(page, "Published document").waitFor()
  }
  await untilPage(LIVE, EPISODE_PAGE, (answer) => answer.status === 200 && answer.text.includes(title), `${EPISODE_PAGE} live again with its title`)
  log(`episode ${EPISODE} published again as "${title}"`)
}

/** Save, Preview and Publish of a renamed episode: draft-saved, preview-panel, published, live-page. */
async function saveAndPublish(context: BrowserContext, page: Page, signIn: SignIn): Promise<void> {
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(NEW_TITLE)
  await entryBox(page).getByRole("button", { name: "Save" }).click()
  await notice(page, "Saved document").waitFor()
  await page.getByRole("status").filter({ hasText: "Modified" }).first().waitFor()
  await shoot(page, "draft-saved")

  await untilPage(PREVIEW, EPISODE_PAGE, (answer) => answer.text.includes(NEW_TITLE), `${EPISODE_PAGE} on the preview with the new title`, signIn.previewToken)
  await openPreview(page, (frame) => frame.getByRole("heading", { name: NEW_TITLE, level: 1 }))
  await selectDevice(page, "Mobile")
  await page.frameLocator("iframe").getByRole("heading", { name: NEW_TITLE, level: 1 }).waitFor()
  await shoot(page, "preview-panel")
  await page.getByRole("link", { name: "Close preview" }).click()

  await entryBox(page).getByRole("button", { name: "Publish" }).click()
  await notice(page, "Published document").waitFor()
  await page
    .getByRole("status")
    .filter({ hasText: /^Published$/ })
    .first()
    .waitFor()
  await shoot(page, "published")

  await untilPage(LIVE, EPISODE_PAGE, (answer) => answer.status === 200 && answer.text.includes(NEW_TITLE), `${EPISODE_PAGE} live with the new title`)
  const visitor = await context.newPage()
  await visitor.goto(`${LIVE}${EPISODE_PAGE}`, { waitUntil: "load" })
  await visitor.locator("html[data-hydrated]").waitFor({ state: "attached" })
  // The player fills the first screen: the new title is below it.
  await visitor.getByRole("heading", { name: NEW_TITLE, level: 1 }).evaluate((heading) => heading.scrollIntoView({ block: "center" }))
  await shoot(visitor, "live-page")
  await visitor.close()
}

/** The "…" menu's Unpublish, and the page's address on the live site afterwards: unpublish-menu, live-404. */
async function unpublish(context: BrowserContext, page: Page): Promise<void> {
  // The toast of the publish would cover the title in the picture.
  await notice(page, "Published document")
    .waitFor({ state: "hidden", timeout: 30_000 })
    .catch(() => undefined)
  await entryBox(page).getByRole("button", { name: "More document actions" }).click()
  const item = page.getByRole("menuitem", { name: "Unpublish" })
  await item.waitFor()
  await shoot(page, "unpublish-menu")
  await item.click()
  await notice(page, "Unpublished document").waitFor()

  await untilPage(LIVE, EPISODE_PAGE, (answer) => answer.status === 404, `${EPISODE_PAGE} on the live site to answer 404`)
  const visitor = await context.newPage()
  await visitor.goto(`${LIVE}${EPISODE_PAGE}`, { waitUntil: "load" })
  await visitor.getByText("404 PAGE NOT FOUND", { exact: false }).first().waitFor()
  await shoot(visitor, "live-404")
  await visitor.close()
}

/** Series 101's Search and sharing group, filled in and saved, then its SEO card in the preview: seo-fields, seo-card. */
async function seoCard(page: Page, signIn: SignIn): Promise<void> {
  const group = page.getByText("Search and sharing", { exact: true }).first()
  await group.scrollIntoViewIfNeeded()
  const seoTitle = page.getByRole("textbox", { name: "Search and share title" })
  if ((await seoTitle.count()) === 0)
    await page
      .getByRole("button", { name: /No entry yet/ })
      .first()
      .click()
  await seoTitle.fill(SEO_TITLE)
  await page.getByRole("textbox", { name: "Search and share description" }).fill(SEO_DESCRIPTION)
  await entryBox(page).getByRole("button", { name: "Save" }).click()
  await notice(page, "Saved document").waitFor()
  await notice(page, "Saved document")
    .waitFor({ state: "hidden", timeout: 30_000 })
    .catch(() => undefined)
  await group.evaluate((element) => element.scrollIntoView({ block: "start" }))
  await page.mouse.move(0, 0)
  await shoot(page, "seo-fields")

  await untilPage(PREVIEW, SERIES_PAGE, (answer) => answer.text.includes(SEO_TITLE), `${SERIES_PAGE} on the preview with the new SEO title`, signIn.previewToken)
  await openPreview(page, (frame) => frame.getByRole("complementary", { name: "Preview" }))
  const frame = page.frameLocator("iframe")
  await frame.getByRole("link", { name: "This page's SEO card" }).click()
  await frame.getByRole("heading", { name: `SEO card: ${SERIES_PAGE}` }).waitFor()
  await frame.getByText(`${SEO_TITLE} | `).first().waitFor()
  await shoot(page, "seo-card")
  await page.getByRole("link", { name: "Close preview" }).click()
}

/** Series 101 back to its published version: the "…" menu's Discard changes. */
async function restoreSeries(page: Page, signIn: SignIn): Promise<void> {
  await page.goto(`${ADMIN}/content-manager/collection-types/api::series.series/${SERIES}`)
  await page.getByRole("textbox", { name: "Title", exact: true }).waitFor()
  const modified = page
    .getByRole("status")
    .filter({ hasText: /^Modified$/ })
    .first()
  if (await modified.isVisible()) {
    await entryBox(page).getByRole("button", { name: "More document actions" }).click()
    await page.getByRole("menuitem", { name: "Discard changes" }).click()
    const dialog = page.getByRole("alertdialog").or(page.getByRole("dialog"))
    await dialog.getByRole("button", { name: "Confirm" }).click()
    await page
      .getByRole("status")
      .filter({ hasText: /^Published$/ })
      .first()
      .waitFor()
  }
  // Unless the published series says the same, the preview drops the words once it has rebuilt.
  if (!(await read(LIVE, SERIES_PAGE)).text.includes(SEO_TITLE)) {
    await untilPage(
      PREVIEW,
      SERIES_PAGE,
      (answer) => answer.status === 200 && !answer.text.includes(SEO_TITLE),
      `${SERIES_PAGE} on the preview without the draft`,
      signIn.previewToken,
    )
  }
  log(`series ${SERIES}'s draft discarded`)
}

/** Runs `step`; `restore` after it, whether it failed or not (its own failure reported, the step's kept). */
async function thenRestore(step: () => Promise<void>, restore: () => Promise<void>): Promise<void> {
  let failed = false
  try {
    await step()
  } catch (error) {
    failed = true
    throw error
  } finally {
    await restore().catch((error: unknown) => {
      const message = `Could not put the entry back as it was: ${error instanceof Error ? error.message : String(error)}`
      if (!failed) throw new Error(message)
      console.error(message)
    })
  }
}

async function main(): Promise<void> {
  const signIn = readSignIn()
  await checkRunning(signIn)
  fs.mkdirSync(OUT_DIR, { recursive: true })
  const browser = await launchBrowser()
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    page.setDefaultTimeout(ADMIN_DEADLINE_MS)
    await signInToStrapi(page, signIn)

    await openPublishedEntry(page, "api::episode.episode", EPISODE)
    const title = await page.getByRole("textbox", { name: "Title", exact: true }).inputValue()
    if (title === NEW_TITLE) throw new Stop(`Episode ${EPISODE} is already titled "${NEW_TITLE}", as this script names it: give it its own title back and publish it first.`)
    await thenRestore(
      async () => {
        await saveAndPublish(context, page, signIn)
        await unpublish(context, page)
      },
      () => restoreEpisode(page, title),
    )

    await openPublishedEntry(page, "api::series.series", SERIES)
    await thenRestore(
      () => seoCard(page, signIn),
      () => restoreSeries(page, signIn),
    )
  } finally {
    await browser.close()
  }
  log(`done: nine screenshots in ${path.relative(PROJECT_ROOT, OUT_DIR)}`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Stop ? error.message : error)
  process.exit(1)
})
