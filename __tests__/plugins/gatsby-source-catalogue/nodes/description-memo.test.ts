import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { readDescriptionMemo, withDescriptionMemo, type DescriptionFields } from "../../../../plugins/gatsby-source-catalogue/src/nodes/description-memo"
import { descriptionFields } from "../../../../plugins/gatsby-source-catalogue/src/nodes/node-builder"

let cacheDirectory: string
beforeEach(() => {
  cacheDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "description-memo-"))
})
afterEach(() => fs.rmSync(cacheDirectory, { recursive: true, force: true }))

/** Fields that only a memo can answer: no sanitiser would make them from `html`. */
const marked = (html: string): DescriptionFields => ({ description: `<p>kept for ${html}</p>`, descriptionText: `kept for ${html}` })

/** One build's descriptions: their fields as the node builders get them, with the memo of `code`; saved after. */
async function build(htmls: string[], code?: string): Promise<DescriptionFields[]> {
  const memo = readDescriptionMemo(cacheDirectory, code)
  const fields = withDescriptionMemo(memo, () => htmls.map((html) => descriptionFields(html)))
  await memo.save(cacheDirectory)
  return fields
}

/** A build whose descriptions were made by `make` (another sanitiser), saved with `code`. */
async function buildMadeBy(make: (html: string) => DescriptionFields, htmls: string[], code?: string): Promise<void> {
  const memo = readDescriptionMemo(cacheDirectory, code)
  for (const html of htmls) memo.fields(html, make)
  await memo.save(cacheDirectory)
}

test("a description sent as in the last build gets the fields that build made; a new one is sanitised", async () => {
  await buildMadeBy(marked, ["<p>sent before</p>"], "code A")

  const [before, changed] = await build(["<p>sent before</p>", "<p>edited <script>x()</script></p>"], "code A")

  expect(before).toEqual(marked("<p>sent before</p>"))
  expect(changed).toEqual({ description: "<p>edited </p>", descriptionText: "edited" })
})

test("fields made by other code are made again", async () => {
  await buildMadeBy(marked, ["<p>sent before</p>"], "code A")

  const [fields] = await build(["<p>sent before</p>"], "code B")

  expect(fields).toEqual({ description: "<p>sent before</p>", descriptionText: "sent before" })
})

test("the memo keeps the last build's descriptions only", async () => {
  await buildMadeBy(marked, ["<p>gone since</p>", "<p>still there</p>"], "code A")
  await build(["<p>still there</p>"], "code A")

  const [gone, still] = await build(["<p>gone since</p>", "<p>still there</p>"], "code A")

  expect(gone).toEqual({ description: "<p>gone since</p>", descriptionText: "gone since" })
  expect(still).toEqual(marked("<p>still there</p>"))
})

test("with this checkout's code, one build's memo serves the next", async () => {
  await buildMadeBy(marked, ["<p>sent before</p>"])

  const [fields] = await build(["<p>sent before</p>"])

  expect(fields).toEqual(marked("<p>sent before</p>"))
})

test("an unreadable memo is not used, and the build's own replaces it", async () => {
  fs.writeFileSync(path.join(cacheDirectory, "description-fields.json"), '{"code": "code A", "entries": [["<p>x</p>", ')

  expect(await build(["<p>x</p>"], "code A")).toEqual([{ description: "<p>x</p>", descriptionText: "x" }])
  await buildMadeBy(
    () => {
      throw new Error("made again, though the last build saved it")
    },
    ["<p>x</p>"],
    "code A",
  )
})

test("outside a build's memo, and for a missing description, the fields are made each time", () => {
  expect(descriptionFields("<p>Hi <b>there</b></p>")).toEqual({ description: "<p>Hi <b>there</b></p>", descriptionText: "Hi there" })
  expect(descriptionFields(null)).toEqual({ description: null, descriptionText: null })
})
