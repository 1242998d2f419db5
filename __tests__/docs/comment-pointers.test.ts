import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { execFileSync } from "node:child_process"
import { brokenCitationsIn, brokenPointers, brokenPointersIn, commentsOf, describeBroken, repositoryAt } from "../helpers/comment-pointers"

/** A small repository of its own, so a planted pointer is the only one that can break. */
function plantRepository(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "comment-pointers-"))
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), text)
  }
  execFileSync("git", ["init", "-q"], { cwd: root })
  return root
}

describe("the pointers in code comments", () => {
  // Set by the tests that plant a repository; the others read text alone.
  let root: string | undefined
  afterEach(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true })
    root = undefined
  })

  it("report a planted broken path and a doc cited by a name no file has, by file and line", () => {
    root = plantRepository({
      "docs/guides/testing.md": "# Testing\n",
      "publisher/src/jobs/publish-job.ts": "export const x = 1\n",
      "publisher/src/config.ts": [
        "/** The jobs (publisher/src/jobs/publish-job.ts), as docs/guides/testing.md says. */",
        "export const a = 1",
        "// How to run it: docs/guides/production.md, and testing.md.",
        "export const b = 2",
        "/*",
        " * See operations.md for the rest.",
        " */",
        "",
      ].join("\n"),
    })
    expect(brokenPointers(repositoryAt(root)).map(describeBroken)).toEqual(["publisher/src/config.ts:3: docs/guides/production.md", "publisher/src/config.ts:6: operations.md"])
  })

  it("report a section a cited doc lacks, even where the citation runs over two lines", () => {
    root = plantRepository({
      "docs/guides/operating.md": "# Operating\n\n## Two arrangements: alone, or behind a CDN\n\n**Rollback** is one command.\n",
      "publisher/src/cdn.ts": [
        "/**",
        ' * Behind a CDN (docs/guides/operating.md, "Two',
        ' * arrangements"); rolled back as operating.md, "Rollback" says.',
        ' * Alone: docs/guides/operating.md ("Behind a CDN").',
        " */",
        "export {}",
        "",
      ].join("\n"),
    })
    expect(brokenPointers(repositoryAt(root)).map(describeBroken)).toEqual(['publisher/src/cdn.ts:4: docs/guides/operating.md, "Behind a CDN" (no such section)'])
  })

  it("report the docs a Markdown page cites by a name no file has, and the sections they lack", () => {
    root = plantRepository({ "docs/reference/catalogue-api.md": "# Contract\n\n## Video host details\n" })
    const page = 'As catalogue-api.md, "Video host\ndetails" says, and GONE.md\'s "Drafts" and catalogue-api.md, "Drafts".\n'
    expect(brokenCitationsIn(repositoryAt(root), "docs/guides/x.md", page).map(describeBroken)).toEqual([
      "docs/guides/x.md:2: GONE.md",
      'docs/guides/x.md:2: catalogue-api.md, "Drafts" (no such section)',
    ])
  })

  it("read the comments of VCL and shell files, and a package's paths from its own folder", () => {
    root = plantRepository({
      "deploy/varnish/site.vcl": "vcl 4.1;\n# How to run it: docs/guides/production.md\n// and deploy/varnish/site.vcl itself\n",
      "scripts/run.sh": "#!/bin/sh\n# Runs scripts/gone.ts\necho docs/guides/production.md\n",
      "plugins/source/src/images/store.ts": "// Beside src/images/store.ts and src/images/gone.ts.\nexport {}\n",
    })
    expect(brokenPointers(repositoryAt(root)).map(describeBroken)).toEqual([
      "deploy/varnish/site.vcl:2: docs/guides/production.md",
      "plugins/source/src/images/store.ts:1: src/images/gone.ts",
      "scripts/run.sh:2: scripts/gone.ts",
    ])
  })

  it("take no string, template or regex for a comment", () => {
    const source = [
      'const url = "http://docs/guides/a.md"',
      "const path = `// docs/guides/b.md ${url}`",
      "const pattern = /\\/\\/ docs\\/guides\\/c.md/",
      "// docs/guides/d.md",
      "export const page = <p>// docs/guides/e.md {/* docs/guides/f.md */}</p>",
    ].join("\n")
    expect(commentsOf("page.tsx", source).map((comment) => comment.text)).toEqual(["// docs/guides/d.md", "/* docs/guides/f.md */"])
  })

  it("leave patterns, placeholders, URLs and files above the checkout alone", () => {
    root = plantRepository({ "src/a.ts": "// src/**/*.ts, docs/<topic>.md, https://example.org/docs/x.md, ../shared/given.md\nexport {}\n" })
    const repository = repositoryAt(root)
    expect(brokenPointersIn(repository, "src/a.ts", fs.readFileSync(path.join(root, "src/a.ts"), "utf8"))).toEqual([])
  })
})
