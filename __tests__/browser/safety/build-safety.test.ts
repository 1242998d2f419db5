import fs from "node:fs"
import http from "node:http"
import os from "node:os"
import path from "node:path"
import type { AddressInfo } from "node:net"
import { COMMANDS, PROJECT_ROOT, runToCompletion } from "../../../node-kit/process/processes"
import { refreshWorkspace } from "../../../publisher/src/jobs/workspace"
import { useBrowser, visit } from "../harness/browser"
import { CONTENT_EDITS, WITHDRAWN_VIDEO_EPISODE, harness } from "../harness/setup/harness-env"

const browser = useBrowser()

/** Every file under `dir`, for searching the build. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : [full]
  })
}

const PUBLIC = path.join(PROJECT_ROOT, "public")

/** The harness build's output as one line of plain text: Gatsby's reporter may colour and wrap long lines. */
function buildLog(): string {
  return (
    fs
      .readFileSync(harness().buildLog, "utf8")
      // eslint-disable-next-line no-control-regex -- strips the terminal's escape sequences, which start with ESC
      .replace(/\u001b\[[0-9;]*[A-Za-z]/g, "")
      .replace(/\s+/g, " ")
  )
}

describe("what the build ships", () => {
  it("never contains the video host's token: no page, page-data or bundle", () => {
    const token = harness().videoApiToken
    const textFiles = filesUnder(PUBLIC).filter((file) => /\.(html|json|js|map|css|txt|xml)$/.test(file))
    expect(textFiles.length).toBeGreaterThan(100)
    const leaks = textFiles.filter((file) => fs.readFileSync(file, "utf8").includes(token))
    expect(leaks).toEqual([])
  })

  it("renders hostile catalogue HTML harmless", async () => {
    const [, id] = CONTENT_EDITS.hostileSeries.path.split("/")
    const { page } = await visit(browser(), `/series/${id}`)
    await expect(page.getByText("Rehearsals and bloopers.").isVisible()).resolves.toBe(true)
    // With its javascript: href gone, the anchor is no longer a link at all.
    await expect(page.getByRole("link", { name: "Watch the trailer" }).count()).resolves.toBe(0)
    const anchor = page.getByText("Watch the trailer")
    await expect(anchor.getAttribute("href")).resolves.toBeNull()
    await anchor.click()
    await expect(page.evaluate(() => (window as unknown as { __hostile?: string }).__hostile)).resolves.toBeUndefined()
    const description = page.getByText("Rehearsals and bloopers.").locator("xpath=..")
    await expect(description.locator("script, img, [onerror], [onclick]").count()).resolves.toBe(0)
  })

  it("warns about a broken image by entity and URL, and still builds that page without it", async () => {
    const log = buildLog()
    const [, id] = CONTENT_EDITS.brokenImageSubcategory.path.split("/")
    expect(log).toContain(`Image ${harness().cmsOrigin}/media/no-such-image.png of subcategory ${id} could not be used`)
    const html = await (await fetch(`${harness().siteUrl}/subcategory/${id}`)).text()
    expect(html).toMatch(/<h1[^>]*>Tap<\/h1>/)
  })

  it("warns about a video the host no longer has, and builds its episode page with the text and no player", async () => {
    const episode = (
      (await (await fetch(`${harness().apiUrl}/episodes/${WITHDRAWN_VIDEO_EPISODE}`)).json()) as {
        data: { title: string; path: string }
      }
    ).data
    const log = buildLog()
    expect(log).toMatch(new RegExp(`Video ${episode.path}: .*the episode shows no player`))
    const { page, errors } = await visit(browser(), `/detail/${WITHDRAWN_VIDEO_EPISODE}`)
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(episode.title)
    await expect(page.getByText("This video cannot be played right now.").isVisible()).resolves.toBe(true)
    await expect(page.locator("iframe").count()).resolves.toBe(0)
    await expect(page.getByRole("link", { name: /^Play / }).count()).resolves.toBe(0)
    await expect(page.getByRole("region", { name: "Next Episodes" }).isVisible()).resolves.toBe(true)
    expect(errors).toEqual([])
  })
})

describe("a catalogue that answers the wrong shape", () => {
  // What a failed build leaves live (the release before it) is the publisher's
  // to keep: publisher-faults.test.ts, the catalogue down during a build.
  it("stops the build with one message naming the URL, and no stack trace", async () => {
    const server = http.createServer((_, res) => {
      res.setHeader("content-type", "application/json")
      res.end(JSON.stringify({ items: [] }))
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
    // A site folder of its own: the other files read the project's build meanwhile.
    const workspace = fs.mkdtempSync(path.join(os.tmpdir(), "broken-catalogue-build-"))
    try {
      refreshWorkspace(PROJECT_ROOT, workspace)
      const logFile = path.join(workspace, "broken-build.log")
      const log = fs.openSync(logFile, "w")
      const build = runToCompletion(COMMANDS.gatsby, ["build"], {
        cwd: workspace,
        stdio: ["ignore", log, log],
        env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CATALOGUE_API_URL: apiUrl, VIDEO_API_TOKEN: "" },
      })
      await expect(build.done).rejects.toThrow(/exit code 1/)
      const output = fs.readFileSync(logFile, "utf8")
      expect(output).toContain("The catalogue API answered JSON of the wrong shape.")
      // Gatsby wraps long messages to the terminal's width: compare words, not line breaks.
      expect(output.replace(/\s+/g, " ")).toContain(`${apiUrl}/categories: "data" should be a list, but it is missing`)
      expect(output).not.toMatch(/^\s+at .+\(.+:\d+:\d+\)$/m)
      // It stopped at the catalogue: no page was written.
      expect(fs.existsSync(path.join(workspace, "public", "index.html"))).toBe(false)
    } finally {
      server.close()
      fs.rmSync(workspace, { recursive: true, force: true })
    }
  }, 180_000)
})
