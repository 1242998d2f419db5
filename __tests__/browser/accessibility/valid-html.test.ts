import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { harness } from "../harness/setup/harness-env"
import { checkHtml, describeNuMessage, type NuMessage } from "../harness/checks/nu-checker"
import { PAGE_FAMILIES } from "../harness/page-families"

// The HTML as served by the test build, one page of each family, checked by
// the Nu HTML Checker (the W3C's validator). Its warnings are advice and may stay.

/**
 * The checker (26.9.27) allows `blocking` on a link only with rel=stylesheet;
 * the HTML standard allows it with rel=expect too (links.html#link-type-expect,
 * "blocking" in the link element's attributes), and rel=expect blocks nothing
 * without it (gatsby-ssr.tsx). Only that message, only on such a link, is let by.
 */
function theCheckerLagsTheStandard(message: NuMessage): boolean {
  return (
    /“blocking” attribute must have a “rel” attribute whose value is “stylesheet”/.test(message.message) && /<link rel="expect"[^>]*blocking="render"/.test(message.extract ?? "")
  )
}
describe("valid HTML", () => {
  let workDir: string

  beforeAll(() => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), "valid-html-"))
  })

  afterAll(() => {
    fs.rmSync(workDir, { recursive: true, force: true })
  })

  it("the Nu HTML Checker finds no error in a page of any family", async () => {
    const files = await Promise.all(
      PAGE_FAMILIES.map(async (family) => {
        const response = await fetch(new URL(family.path, harness().siteUrl))
        const file = path.join(workDir, `${family.name}.html`)
        fs.writeFileSync(file, await response.text())
        return file
      }),
    )
    const messages = await checkHtml(files)
    // A file the checker could not read is a "non-document-error", so it fails here too.
    expect(messages.filter((message) => message.type !== "info" && !theCheckerLagsTheStandard(message)).map(describeNuMessage)).toEqual([])
  }, 180_000)
})
