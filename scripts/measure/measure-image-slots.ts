import path from "node:path"
import { parseArgs } from "node:util"
import { launchBrowser } from "../lib/chromium"
import { PAGE_FAMILIES } from "../lib/page-families"
import { PROJECT_ROOT } from "../../node-kit/process/processes"
import { serveStatic } from "../../node-kit/http/static-server"

/**
 * `npm run images:measure`: the CSS box of every catalogue picture on each
 * page family of a build (`public/`), on a 375 × 812 phone and a 1280 × 900
 * desktop, the width it is drawn at (cover-cropped pictures are drawn wider
 * than their box), and the file the browser picks at 1x and 2x. The image
 * slots table (README "Image slots") comes from it; run it after a layout change.
 */

const { values } = parseArgs({ options: { public: { type: "string", default: path.join(PROJECT_ROOT, "public") } } })
const VIEWPORTS = [
  { name: "phone", width: 375, height: 812 },
  { name: "desktop", width: 1280, height: 900 },
] as const

interface Shown {
  box: string
  drawnWidth: number
  sizes: string
  file: string
}

async function main() {
  const server = await serveStatic(values.public)
  const browser = await launchBrowser()
  const rows: Record<string, string | number>[] = []
  try {
    for (const family of PAGE_FAMILIES.filter((family) => !family.path.startsWith("/search") && family.name !== "not-found")) {
      for (const viewport of VIEWPORTS) {
        const picked: Record<number, Shown[]> = {}
        for (const deviceScaleFactor of [1, 2]) {
          const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor })
          const page = await context.newPage()
          await page.goto(`${server.origin}${family.path}`, { waitUntil: "networkidle" })
          // Lazy pictures load once near the screen: scroll through the page, then read every catalogue picture.
          await page.evaluate(async () => {
            for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
              window.scrollTo(0, y)
              await new Promise((resolve) => setTimeout(resolve, 100))
            }
          })
          await page.waitForLoadState("networkidle")
          picked[deviceScaleFactor] = await page.$$eval('img[data-main-image][srcset*="w.webp"]', (imgs) =>
            imgs.map((element) => {
              const img = element as HTMLImageElement
              const box = img.getBoundingClientRect()
              const ratio = img.naturalWidth / img.naturalHeight || 1
              return {
                box: `${Math.round(box.width)}×${Math.round(box.height)}`,
                drawnWidth: Math.round(Math.max(box.width, box.height * ratio)),
                sizes: img.sizes,
                file: /-(\d+)w\.webp$/.exec(img.currentSrc)?.[1] ?? "none",
              }
            }),
          )
          await context.close()
        }
        const seen = new Set<string>()
        picked[1]!.forEach((shown, index) => {
          const key = `${shown.box} ${shown.drawnWidth} ${shown.file} ${picked[2]![index]?.file}`
          if (shown.box.startsWith("0×") || seen.has(key)) return
          seen.add(key)
          rows.push({
            page: family.name,
            viewport: viewport.name,
            box: shown.box,
            drawnAt1x: shown.drawnWidth,
            file1x: shown.file,
            file2x: picked[2]![index]?.file ?? "",
            sizes: shown.sizes,
          })
        })
      }
    }
  } finally {
    await browser.close()
    await server.close()
  }
  console.table(rows)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
