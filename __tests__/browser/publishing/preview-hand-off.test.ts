import { createHmac, randomBytes } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Page } from "playwright-core"
import type { StaticServer } from "../../../node-kit/http/static-server"
import { startTestPublisher, type TestPublisher } from "../../publisher/helpers/harness"
import { serveBare } from "../harness/bare-host"
import { useBrowser } from "../harness/browser"

/*
 * The CMS's Preview panel in Chromium (docs/reference/preview-lane.md, "The
 * Preview button"): a page of the CMS admin's origin frames the preview's
 * hand-off address and shows the page it opens, signed in by the ticket
 * alone; a page of any other origin cannot frame the preview, even for an
 * editor signed in. Every name is localhost, as `npm run strapi` has it
 * (the admin on :1337, the preview on its own port): one site, so the
 * SameSite=Strict session cookie goes with the framed requests. The
 * publisher's builds are the publisher tests' stand-in (a page titled
 * "Series v1"): what is checked is the preview server's answers, not Gatsby's.
 */

const browser = useBrowser()

const SECRET = "preview-hand-off-secret-0123456789abcdef"
const PAGE = "/series/101/"
const HEADING = "Series v1"

let site: TestPublisher
let admin: StaticServer
let other: StaticServer
let pages: string
let previewOrigin: string

const localhost = (origin: string) => `http://localhost:${new URL(origin).port}`

/** The address the CMS's Preview button opens, with a fresh ticket (the format in hand-off-ticket.ts). */
function handOffUrl(page: string): string {
  const body = `${Date.now() + 120_000}.${randomBytes(12).toString("base64url")}.${Buffer.from(page).toString("base64url")}`
  const ticket = `${body}.${createHmac("sha256", SECRET).update(`preview-hand-off:${body}`).digest("base64url")}`
  return `${previewOrigin}/_preview/hand-off?ticket=${ticket}`
}

/** Opens `origin`'s page and points its iframe at `src`; resolves once the frame has loaded (the page or the browser's error page). */
async function frameFrom(page: Page, origin: string, src: string): Promise<void> {
  await page.goto(`${origin}/`)
  await page.evaluate(
    (address) =>
      new Promise<void>((resolve) => {
        const frame = document.querySelector("iframe")!
        frame.addEventListener("load", () => resolve(), { once: true })
        frame.src = address
      }),
    src,
  )
}

beforeAll(async () => {
  pages = fs.mkdtempSync(path.join(os.tmpdir(), "preview-hand-off-admin-"))
  fs.writeFileSync(
    path.join(pages, "index.html"),
    '<!doctype html><html lang="en"><title>CMS</title><h1>Content Manager</h1><iframe title="Preview" width="800" height="600"></iframe></html>',
  )
  ;[admin, other] = [await serveBare(pages), await serveBare(pages)]
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-hand-off-"))
  const catalogueToken = "draft-view-token-0123456789abcdef"
  site = await startTestPublisher({
    dir,
    plan: { version: "v1" },
    preview: {
      port: 0,
      dataDir: path.join(dir, "data", "preview"),
      catalogueToken,
      signInToken: "preview-sign-in-token-0123456789ab",
      handOffSecret: SECRET,
      frameAncestors: [localhost(admin.origin)],
    },
    buildEnv: { PATH: process.env.PATH, FAKE_BUILD_PLAN: path.join(dir, "plan.json"), FAKE_BUILD_RECORD: path.join(dir, "builds.jsonl"), CATALOGUE_PREVIEW_TOKEN: catalogueToken },
  })
  await site.publisher.idle()
  previewOrigin = localhost(site.publisher.previewUrl!)
}, 60_000)

afterAll(async () => {
  await Promise.all([site?.dispose(), admin?.close(), other?.close()])
  fs.rmSync(pages, { recursive: true, force: true })
})

it("shows the page in the CMS admin's Preview panel, signed in by the ticket, and again when the panel loads the same address after a save", async () => {
  const page = await (await browser().newContext()).newPage()
  const address = handOffUrl(PAGE)
  await frameFrom(page, localhost(admin.origin), address)
  const preview = page.frameLocator("iframe")
  await preview.getByRole("heading", { name: HEADING }).waitFor()
  await preview.getByRole("complementary", { name: "Preview" }).waitFor()
  expect(page.frames()[1]?.url()).toBe(`${previewOrigin}${PAGE}`)
  // The ticket is used now; the session it opened, sent in the frame, takes the panel to the page again.
  await frameFrom(page, localhost(admin.origin), address)
  await preview.getByRole("heading", { name: HEADING }).waitFor()
})

it("cannot be framed by a page of another origin, even for an editor signed in", async () => {
  const page = await (await browser().newContext()).newPage()
  await page.goto(handOffUrl(PAGE))
  await page.getByRole("heading", { name: HEADING }).waitFor()
  const refused = page.waitForEvent("console", (message) => message.text().includes("frame-ancestors"))
  await frameFrom(page, localhost(other.origin), `${previewOrigin}${PAGE}`)
  expect((await refused).text()).toContain(`frame-ancestors ${localhost(admin.origin)}`)
  expect(page.frames()[1]?.url()).not.toContain(previewOrigin)
  expect(await page.frameLocator("iframe").getByRole("heading", { name: HEADING }).count()).toBe(0)
})
