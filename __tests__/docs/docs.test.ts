import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { brokenCitationsIn, brokenPointers, describeBroken, repositoryAt } from "../helpers/comment-pointers"
import { readConfig as readCmsConfig } from "../../cms/src/config"
import { siteBuildEnv } from "../../node-kit/config/site-build"
import { readConfig as readPublisherConfig } from "../../publisher/src/config"

/**
 * The docs a newcomer reads are checked like code: every relative link
 * reaches a file (and its heading), every command names a script or file
 * that exists, every repository path written in backticks is there, and the
 * catalogue contract and the product specification in the repository are the
 * ones the project was given. So is the code's side: every repository path,
 * doc and section of a doc named in a comment exists.
 */
const ROOT = path.resolve(__dirname, "../..")

function markdownFiles(): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.md"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((file) => file !== "" && fs.existsSync(path.join(ROOT, file)))
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8")

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  let fenced = false
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line)?.[1]
    if (!heading) continue
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replace(/ /g, "-")
    anchors.add(slug)
  }
  return anchors
}

/** Relative links, `[text](target)`, outside code. */
function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "")
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/i.test(target))
}

const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts

/** `npm run X`, `npm start`, `npm test` in code spans and blocks. */
function npmScriptsNamed(markdown: string): string[] {
  // `npm run bench:*` names a family, not a script; a colon after a name is prose ("npm run serve: …").
  const named = [...markdown.matchAll(/npm run ([a-z][\w:-]*)(\*?)/g)].filter((match) => match[2] === "").map((match) => match[1]!.replace(/[:-]+$/, ""))
  if (/npm start\b/.test(markdown)) named.push("start")
  if (/npm test\b/.test(markdown)) named.push("test")
  return named
}

const REPO_TOP = /^(src|gatsby|plugins|publisher|cms|conformance|node-kit|contract|scripts|__tests__|docs|patches|static|deploy|integrations|\.ci)\//

/** Paths in backticks that name a place in the repository (not a pattern, not a placeholder). */
function repositoryPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!)
  // Commands in code blocks name files too (`npx jest -- __tests__/…`, `npx tsx scripts/…`).
  const blockWords = [...markdown.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].flatMap((match) => match[1]!.split(/\s+/).map((word) => word.replace(/[),;.]+$/, "")))
  return [...spans, ...blockWords].filter((text) => REPO_TOP.test(text) && !/[{}<>*…$|]/.test(text)).map((text) => text.split(/[:#]/)[0]!.replace(/\/$/, ""))
}

/** A path git ignores, as a file or (for a folder the tools make, such as cms/data/) as a folder. */
const isIgnored = (place: string) =>
  [place, `${place}/`].some((candidate) => {
    try {
      execFileSync("git", ["check-ignore", "-q", "--no-index", candidate], { cwd: ROOT })
      return true
    } catch {
      return false
    }
  })

describe("the docs", () => {
  const files = markdownFiles()

  it("include the README, the guides, the reference and each package's README", () => {
    expect(files).toEqual(expect.arrayContaining(["README.md", "docs/performance.md", "docs/reference/catalogue-api.md", "publisher/README.md", "cms/README.md"]))
  })

  it("keep the README under 200 lines", () => {
    expect(read("README.md").split("\n").length).toBeLessThanOrEqual(200)
  })

  it("link only to files and headings that exist", () => {
    const broken = files.flatMap((file) =>
      linksOf(read(file)).flatMap((target) => {
        const [targetPath = "", anchor] = target.split("#")
        const resolved = targetPath === "" ? file : path.posix.join(path.posix.dirname(file), targetPath)
        if (!fs.existsSync(path.join(ROOT, resolved))) return [`${file} -> ${target} (no such file)`]
        if (anchor && resolved.endsWith(".md") && !anchorsOf(read(resolved)).has(anchor)) return [`${file} -> ${target} (no such heading)`]
        return []
      }),
    )
    expect(broken).toEqual([])
  })

  it("name only npm scripts that package.json has", () => {
    const unknown = files.flatMap((file) =>
      npmScriptsNamed(read(file))
        .filter((name) => !(name in scripts))
        .map((name) => `${file}: npm run ${name}`),
    )
    expect(unknown).toEqual([])
  })

  it("name only repository paths that exist (or are the git-ignored folders the tools write)", () => {
    const missing = files.flatMap((file) =>
      repositoryPaths(read(file))
        // A package's README names its own files from its folder, as publisher/README.md does.
        .filter((place) => ![ROOT, path.join(ROOT, path.dirname(file))].some((base) => fs.existsSync(path.join(base, place))) && !isIgnored(place))
        .map((place) => `${file}: ${place}`),
    )
    expect(missing).toEqual([])
  })

  it("carry no before/after benchmark table", () => {
    const tables = files.flatMap((file) =>
      read(file)
        .split("\n")
        .filter((line) => /^\|.*\|\s*$/.test(line) && /\|\s*(before|after)\s*\|/i.test(line))
        .map((line) => `${file}: ${line.slice(0, 80)}`),
    )
    expect(tables).toEqual([])
  })

  it("give the performance figures with the commit they come from", () => {
    const performance = read("docs/performance.md")
    for (const section of performance.split(/^### /m).slice(1)) {
      expect({ section: section.split("\n")[0], commit: /\bcommit [0-9a-f]{7,40}\b/i.test(section) }).toEqual({ section: section.split("\n")[0], commit: true })
    }
  })

  // The project was given its contract and specification as ../shared/API.md and ../shared/SPEC.md (beside CI's
  // checkout); a clone elsewhere has only the copies.
  const given = (name: string, copy: string) => {
    const file = path.join(ROOT, "..", "shared", name)
    return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : copy
  }

  it("hold the catalogue API contract: every section, and exactly ../shared/API.md where the given copy is beside the checkout", () => {
    const contract = read("docs/reference/catalogue-api.md")
    expect([...anchorsOf(contract)]).toEqual(
      expect.arrayContaining(["entities", "conventions", "changes-feed-and-publish-webhook-optional-for-a-backend", "drafts-and-preview-optional-for-a-backend"]),
    )
    expect(contract).toBe(given("API.md", contract))
  })

  it("hold the product specification: its nine sections, word for word those of ../shared/SPEC.md where it is beside the checkout", () => {
    // The copy's title and opening say what it is in this repository; from section 1 on it is the given text.
    const sections = (markdown: string) => markdown.slice(markdown.indexOf("\n## 1. "))
    const spec = read("docs/reference/spec.md")
    expect(sections(spec).match(/^## \d\. /gm)).toHaveLength(9)
    expect(sections(spec)).toBe(sections(given("SPEC.md", spec)))
  })

  it("cite by name only docs the repository has (a decision record keeps the names of its day)", () => {
    const repository = repositoryAt(ROOT)
    const broken = files.filter((file) => !file.startsWith("docs/decisions/")).flatMap((file) => brokenCitationsIn(repository, file, read(file)))
    expect(broken.map(describeBroken)).toEqual([])
  })
})

describe("the code's comments", () => {
  it("name only repository paths, docs and sections of docs that exist", () => {
    expect(brokenPointers(repositoryAt(ROOT)).map(describeBroken)).toEqual([])
  })
})

/**
 * Each variable configuration.md's tables name, with its default as the
 * first row naming it gives it: the value when the default cell opens with
 * one in backticks (two names, two values: `127.0.0.1`, `4000`), "" when it
 * is none or worked out at start (`<data>/workspace`, "the project").
 */
function documentedDefaults(markdown: string): Map<string, string> {
  const defaults = new Map<string, string>()
  let defaultColumn = -1
  for (const line of markdown.split("\n")) {
    const cells = /^\|(.*)\|$/
      .exec(line.trim())?.[1]!
      .split(" | ")
      .map((cell) => cell.trim())
    if (!cells) continue
    if (cells[0] === "variable") defaultColumn = cells.indexOf("default")
    const names = [...cells[0]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!)
    // A row that names variables only to say where they go (the publisher passes them to its builds) gives no default.
    if (names.length === 0 || cells[0]!.includes("…") || defaultColumn < 0) continue
    const cell = cells[defaultColumn] ?? ""
    const values = [...cell.matchAll(/`([^`]*)`/g)].map((match) => match[1]!)
    const literal = cell.startsWith("`") && values.every((value) => !value.includes("<"))
    names.forEach((name, index) => {
      if (!defaults.has(name)) defaults.set(name, literal ? (values[names.length > 1 ? index : 0] ?? "") : "")
    })
  }
  return defaults
}

/** `.env.example`'s variables: one `# NAME=default` line each, commented out so that copying the file changes nothing. */
function exampleDefaults(text: string): Map<string, string> {
  return new Map([...text.matchAll(/^# ([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]))
}

describe("the environment's example file", () => {
  const documented = documentedDefaults(read("docs/reference/configuration.md"))
  const example = read(".env.example")

  it("reads the variables and defaults of configuration.md's tables", () => {
    expect(documented.get("CMS_PORT")).toBe("4000")
    expect(documented.get("PUBLISHER_HOST")).toBe("127.0.0.1")
    expect(documented.get("PUBLISH_WEBHOOK_SECRET")).toBe("")
    expect(documented.get("PUBLISHER_WORKSPACE_DIR")).toBe("")
  })

  it("lists every variable configuration.md names, once, and no other", () => {
    const names = [...example.matchAll(/^# ([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!)
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([])
    expect(names.sort()).toEqual([...documented.keys()].sort())
  })

  it("gives each the default configuration.md gives it", () => {
    const differing = [...exampleDefaults(example)]
      .filter(([name, value]) => documented.get(name) !== value)
      .map(([name, value]) => `${name}=${value}, documented ${JSON.stringify(documented.get(name))}`)
    expect(differing).toEqual([])
  })

  it("gives the defaults the code starts with", () => {
    const build = siteBuildEnv({})
    const cms = readCmsConfig({})
    const publisher = readPublisherConfig({})
    const started = {
      CATALOGUE_API_URL: build.catalogueApiUrl,
      CMS_HOST: cms.host,
      CMS_PORT: cms.port,
      CMS_TOMBSTONE_DAYS: cms.tombstoneDays,
      CMS_MEDIA_KEPT_VARIANTS: cms.keptMediaVariants,
      PUBLISHER_HOST: publisher.host,
      PUBLISHER_PORT: publisher.port,
      PUBLISHER_CHANGES_POLL_MS: publisher.changesPollMs,
      PUBLISHER_BUILD_TIMEOUT_MS: publisher.buildTimeoutMs,
      PUBLISHER_DEBOUNCE_MS: publisher.debounceMs,
      PUBLISHER_KEEP_RELEASES: publisher.keepReleases,
    }
    const given = exampleDefaults(example)
    expect(Object.fromEntries(Object.keys(started).map((name) => [name, given.get(name)]))).toEqual(
      Object.fromEntries(Object.entries(started).map(([name, value]) => [name, String(value)])),
    )
  })

  it("sets nothing: every line is a comment", () => {
    expect(example.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("#"))).toEqual([])
  })
})
