import fs from "node:fs"
import path from "node:path"
import { withoutCspMeta } from "../../node-kit/security/csp-meta"
import { SEO_CARD_STYLE_SHEET, SEO_CARDS_DIR, seoCardPath } from "../../contract/preview/preview-changes"
import { renderSeoCardPage, SEO_REPORT_STYLE } from "../seo/report/render-report-html"
import type { SeoReport } from "../seo/report/report-types"

/**
 * Writes `text` unless the file already holds it, but for the CSP meta the
 * last build's security step added: an unchanged card keeps its time stamp,
 * so that step does not read it again and the release reuses its hash.
 * Synchronous: a preview build has a card for every page, and an awaited
 * read each would wait its turn on the build's event loop once per card.
 */
function writeIfChanged(file: string, text: string): boolean {
  const old = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined
  // The security step runs after this one and puts its CSP meta in every HTML file (node-kit/security/csp-meta.ts).
  if (old !== undefined && withoutCspMeta(old) === text) return false
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
  return true
}

/** Every file under `dir`, relative to it with forward slashes; none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
}

/**
 * Post-build step of a preview build: each page's SEO card (the search
 * result and link card of the SEO report, for that page alone) under
 * `_preview/seo/<page path>/`, linked from the preview bar, so marketing
 * staff see a draft title or share picture as it will show before it goes
 * out. Static files, not drawn by the preview server: the renderer is build
 * code, and a card is as old as the page it describes. A live build
 * (`report` null) writes none and removes the cards a preview build left.
 * Returns how many cards were written.
 */
export async function writeSeoCards(publicDir: string, report: SeoReport | null): Promise<number> {
  const dir = path.join(publicDir, SEO_CARDS_DIR)
  if (!report) {
    await fs.promises.rm(dir, { recursive: true, force: true })
    return 0
  }
  const wanted = new Map<string, string>([[path.posix.basename(SEO_CARD_STYLE_SHEET), SEO_REPORT_STYLE]])
  // Pages at a folder's address; /404.html is the 404 page's second file, with the card of /404/.
  for (const page of report.pages.filter((row) => row.path.endsWith("/"))) {
    const file = `${seoCardPath(page.path).slice(`/${SEO_CARDS_DIR}/`.length)}index.html`
    wanted.set(file, renderSeoCardPage(report, page, { styleSheet: SEO_CARD_STYLE_SHEET, page: page.path }))
  }
  let written = 0
  for (const [file, text] of wanted) if (writeIfChanged(path.join(dir, file), text)) written++
  for (const file of await filesUnder(dir)) if (!wanted.has(file)) await fs.promises.rm(path.join(dir, file))
  return written
}
