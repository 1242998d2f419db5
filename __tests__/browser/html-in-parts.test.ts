import { useBrowser } from "./harness/browser"
import { harness } from "./harness/harness-env"
import { layoutShiftAfter, shiftFailures, watchLayoutShift } from "./harness/layout-shift"
import { startPausingProxy, type PausingProxy } from "./harness/pausing-proxy"

/*
 * On a slow or busy connection a page's HTML arrives in parts, and the browser
 * paints what it has parsed. A header painted half-parsed moved when the rest
 * came: at 375 px the Menu button jumped from beside the logo to the right
 * edge once Contact Us arrived (0.0021), at 1280 px the category links slid
 * left once My list and Contact Us did (0.0053), and CI's loaded machine once
 * summed such moves past the page's 0.01. Here the HTML stops at each of the
 * header's parts for half a second, as such a connection would.
 */

const browser = useBrowser()
let proxy: PausingProxy

beforeAll(async () => {
  proxy = await startPausingProxy(harness().siteUrl)
})

afterAll(async () => {
  await proxy.close()
})

/** A page whose header and hero are all that is in view at first. */
const PATH = "/subcategory/13/"
/** Long enough for the browser to paint what it has; a busy CI machine took longer than this between two parts. */
const PAUSE_MS = 500

/** Where the header's HTML can stop: before the Menu button, the menu, what follows the menu, and Contact Us's label. */
async function stopsInTheHeader(): Promise<[string, number][]> {
  const html = Buffer.from(await (await fetch(new URL(PATH, harness().siteUrl))).arrayBuffer())
  const start = html.indexOf("<header")
  const end = html.indexOf("<main")
  const at = (needle: string) => {
    const index = html.indexOf(needle, start)
    if (index === -1 || index > end) throw new Error(`${needle} is not in the header of ${PATH}`)
    return index
  }
  return [
    ["before the Menu button", at("<button")],
    ["before the menu", at("<nav")],
    ["after the menu", at("</nav>")],
    ["inside Contact Us", at("Contact Us") + "Contact".length],
  ]
}

describe("a page whose HTML arrives in parts", () => {
  it.each([375, 1280])("at %i px does not move while its header is still arriving", async (width) => {
    const failures: string[] = []
    for (const [where, at] of await stopsInTheHeader()) {
      const context = await browser().newContext({ viewport: { width, height: 900 } })
      const page = await context.newPage()
      await watchLayoutShift(page)
      proxy.pauseNext(PATH, at, PAUSE_MS)
      await page.goto(new URL(PATH, proxy.origin).href, { waitUntil: "load" })
      await page.getByRole("heading", { level: 1 }).waitFor()
      failures.push(...shiftFailures(await layoutShiftAfter(page, 0), 0.001, `load, the HTML held ${where}`))
      await context.close()
    }
    expect(failures).toEqual([])
  })
})
