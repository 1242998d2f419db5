import { useBrowser } from "../harness/browser"
import { harness } from "../harness/setup/harness-env"
import { layoutShiftAfter, shiftFailures, watchLayoutShift } from "../harness/checks/layout-shift"
import { startPausingProxy, type PausingProxy } from "../harness/pausing-proxy"

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
/** A page that is only its hero: what follows the hero's text is its button, not more page below. */
const HERO_PATH = "/no-such-page/"
/** Long enough for the browser to paint what it has; a busy CI machine took longer than this between two parts. */
const PAUSE_MS = 500

/**
 * Where the header's HTML can stop: before the phone's Menu disclosure, inside it, after it, after the
 * row's category links (desktop), and inside Contact Us's label.
 */
async function stopsInTheHeader(): Promise<[string, number][]> {
  const html = Buffer.from(await (await fetch(new URL(PATH, harness().siteUrl))).arrayBuffer())
  const start = html.indexOf("<header")
  const end = html.indexOf("<main")
  const at = (needle: string, from = start) => {
    const index = html.indexOf(needle, from)
    if (index === -1 || index > end) throw new Error(`${needle} is not in the header of ${PATH}`)
    return index
  }
  const afterDisclosure = at("</details>")
  return [
    ["before the Menu disclosure", at("<details")],
    ["inside the Menu disclosure", at("<nav")],
    ["after the Menu disclosure", afterDisclosure],
    ["after the row's links", at("</nav>", afterDisclosure)],
    ["inside Contact Us", at("Contact Us") + "Contact".length],
  ]
}

/** Where the 404 hero's HTML can stop: after its title, inside its text, before its button, and before the hero ends. */
async function stopsInTheHero(): Promise<[string, number][]> {
  const html = Buffer.from(await (await fetch(new URL(HERO_PATH, harness().siteUrl))).arrayBuffer())
  const start = html.indexOf("<h1")
  const end = html.indexOf("</section>", start)
  const at = (needle: string) => {
    const index = html.indexOf(needle, start)
    if (index === -1 || index > end) throw new Error(`${needle} is not in the hero of ${HERO_PATH}`)
    return index
  }
  return [
    ["after the title", at("</h1>") + "</h1>".length],
    ["inside the text", at("</p>") - 20],
    ["before the button", at("Back To Home")],
    ["before the hero ends", end],
  ]
}

/** Loads `path` through the proxy once for each stop and gives the shifts over `budget`. */
async function shiftsWhileArriving(path: string, stops: [string, number][], viewport: { width: number; height: number }): Promise<string[]> {
  const failures: string[] = []
  for (const [where, at] of stops) {
    const context = await browser().newContext({ viewport })
    const page = await context.newPage()
    await watchLayoutShift(page)
    proxy.pauseNext(path, at, PAUSE_MS)
    await page.goto(new URL(path, proxy.origin).href, { waitUntil: "load" })
    await page.getByRole("heading", { level: 1 }).waitFor()
    failures.push(...shiftFailures(await layoutShiftAfter(page, 0), 0.001, `load, the HTML of ${path} held ${where}`))
    await context.close()
  }
  return failures
}

describe("a page whose HTML arrives in parts", () => {
  it.each([375, 1280])("at %i px does not move while its header is still arriving", async (width) => {
    expect(await shiftsWhileArriving(PATH, await stopsInTheHeader(), { width, height: 900 })).toEqual([])
  })

  // The hero's text sits at its bottom: painted half-parsed, it climbed as the rest came (CI: 0.0668 on the 404 page at 768 px).
  it.each([375, 768, 1280])("at %i px does not move while its hero is still arriving", async (width) => {
    expect(await shiftsWhileArriving(HERO_PATH, await stopsInTheHero(), { width, height: 900 })).toEqual([])
  })
})
