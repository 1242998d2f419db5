import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { ConfigError, DEFAULT_DATA_DIR, DEFAULTS, readConfig } from "../../publisher/src/config"
import { buildEnvironment } from "../../publisher/src/jobs/publish-job"
import { hasWarmCache, refreshWorkspace, SOURCE_DIRS } from "../../publisher/src/jobs/workspace"
import { createServer } from "../../publisher/src/http/app"
import { REQUEST_TIMEOUT_MS } from "../../node-kit/http/app"
import { secretKeys } from "../../contract/webhook-signature"
import { ADMIN_TOKEN, OTHER_SECRET, SECRET } from "./helpers/harness"

describe("the workspace's source folders", () => {
  const PROJECT = path.resolve(__dirname, "../..")
  /** The top-level folders a file's relative imports reach. */
  const foldersImportedBy = (file: string) => [...fs.readFileSync(path.join(PROJECT, file), "utf8").matchAll(/from "\.\/([^/"]+)\//g)].map((match) => match[1]!)

  it("hold every folder the project's gatsby-* entry files import, so a build in the workspace finds them", () => {
    const entries = fs.readdirSync(PROJECT).filter((file) => /^gatsby-(config|node|browser|ssr)\.tsx?$/.test(file))
    expect(entries).toHaveLength(4)
    const imported = [...new Set(entries.flatMap(foldersImportedBy))]
    expect(imported.filter((folder) => !SOURCE_DIRS.includes(folder))).toEqual([])
    expect(imported).toEqual(expect.arrayContaining(["gatsby", "src"]))
  })
})

describe("refreshWorkspace", () => {
  let dir: string
  let source: string
  let workspace: string
  const write = (root: string, relative: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true })
    fs.writeFileSync(path.join(root, relative), content)
  }
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-"))
    source = path.join(dir, "project")
    workspace = path.join(dir, "workspace")
    for (const [relative, content] of Object.entries({
      "package.json": "{}",
      "tsconfig.json": "{}",
      "gatsby-config.ts": "export default {}",
      "gatsby-node.ts": "",
      "gatsby-browser.tsx": "",
      "src/pages/index.tsx": "page",
      "src/images/hero.jpg": "jpeg",
      "gatsby/seo/sitemap.ts": "build code",
      "plugins/source/gatsby-node.ts": "plugin",
      "plugins/source/node_modules/x/index.js": "installed",
      "contract/schemas.ts": "schemas",
      "node-kit/http/html.ts": "the shared kit",
      "static/robots.txt": "robots",
      "node_modules/gatsby/package.json": "{}",
      "cms/src/main.ts": "not the site",
      "README.md": "not the site",
      "public/index.html": "the project's own build",
    })) {
      write(source, relative, content)
    }
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("copies the site's sources, links node_modules, and leaves the rest of the project out", () => {
    const first = refreshWorkspace(source, workspace)
    expect(first.copied.sort()).toEqual(
      [
        "contract/schemas.ts",
        "gatsby-browser.tsx",
        "gatsby-config.ts",
        "gatsby-node.ts",
        "gatsby/seo/sitemap.ts",
        "node-kit/http/html.ts",
        "package.json",
        "plugins/source/gatsby-node.ts",
        "src/images/hero.jpg",
        "src/pages/index.tsx",
        "static/robots.txt",
        "tsconfig.json",
      ].map((file) => file.split("/").join(path.sep)),
    )
    expect(fs.readlinkSync(path.join(workspace, "node_modules"))).toBe(path.join(source, "node_modules"))
    for (const absent of ["cms", "README.md", "public", "plugins/source/node_modules"]) {
      expect(fs.existsSync(path.join(workspace, absent))).toBe(false)
    }
  })

  it("writes only changed files, removes deleted ones, and keeps the build's .cache and public/", () => {
    refreshWorkspace(source, workspace)
    write(workspace, ".cache/data.mdb", "cache")
    write(workspace, "public/index.html", "the last build")
    const untouched = fs.statSync(path.join(workspace, "src/pages/index.tsx")).mtimeMs

    write(source, "src/pages/about.tsx", "new page")
    write(source, "contract/schemas.ts", "schemas, changed")
    fs.rmSync(path.join(source, "src/images"), { recursive: true })
    fs.rmSync(path.join(source, "gatsby-browser.tsx"))
    const second = refreshWorkspace(source, workspace)

    expect(second.copied.sort()).toEqual(["contract/schemas.ts", "src/pages/about.tsx"].map((file) => file.split("/").join(path.sep)))
    expect(second.removed.sort()).toEqual(["gatsby-browser.tsx", path.join("src", "images")])
    expect(fs.statSync(path.join(workspace, "src/pages/index.tsx")).mtimeMs).toBe(untouched)
    expect(fs.readFileSync(path.join(workspace, "contract/schemas.ts"), "utf8")).toBe("schemas, changed")
    expect(fs.readFileSync(path.join(workspace, ".cache/data.mdb"), "utf8")).toBe("cache")
    expect(fs.readFileSync(path.join(workspace, "public/index.html"), "utf8")).toBe("the last build")
    const third = refreshWorkspace(source, workspace)
    expect(third).toEqual({ copied: [], removed: [], sources: second.sources })
  })

  it("names the sources it holds by a digest: the same code, the same digest, in any workspace; another byte, another", () => {
    const first = refreshWorkspace(source, workspace).sources
    expect(refreshWorkspace(source, fs.mkdtempSync(path.join(os.tmpdir(), "workspace-other-"))).sources).toBe(first)
    write(source, "src/pages/index.tsx", "export default 2")
    expect(refreshWorkspace(source, workspace).sources).not.toBe(first)
  })
})

describe("buildEnvironment", () => {
  it("passes the catalogue settings through and withholds the publisher's secrets", () => {
    const env = buildEnvironment({
      CATALOGUE_API_URL: "http://cms/api",
      VIDEO_API_URL: "http://video",
      VIDEO_API_TOKEN: "token",
      SITE_URL: "https://example.org",
      PUBLISH_WEBHOOK_SECRET: "secret",
      PUBLISHER_ADMIN_TOKEN: "admin",
      FASTLY_API_TOKEN: "fastly",
      CLOUDFLARE_API_TOKEN: "cloudflare",
      AWS_ACCESS_KEY_ID: "AKIA",
      AWS_SECRET_ACCESS_KEY: "aws",
    })
    expect(env).toEqual({
      CATALOGUE_API_URL: "http://cms/api",
      VIDEO_API_URL: "http://video",
      VIDEO_API_TOKEN: "token",
      SITE_URL: "https://example.org",
      GATSBY_TELEMETRY_DISABLED: "1",
      SITE_TYPEGEN: "off",
      SEO_REPORT_HTML: "off",
      GATSBY_CPU_COUNT: "physical_cores",
      GATSBY_LOGGER: "yurnalist",
    })
  })

  it("has the site skip writing TypeScript types in its builds", () => {
    const env = buildEnvironment({})
    const generateOnBuild = (environment: NodeJS.ProcessEnv) => {
      const saved = process.env.SITE_TYPEGEN
      process.env.SITE_TYPEGEN = environment.SITE_TYPEGEN
      try {
        let config: typeof import("../../gatsby-config").default | undefined
        jest.isolateModules(() => {
          // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded afresh inside jest.isolateModules
          config = (require("../../gatsby-config") as typeof import("../../gatsby-config")).default
        })
        return (config!.graphqlTypegen as { generateOnBuild: boolean }).generateOnBuild
      } finally {
        if (saved === undefined) delete process.env.SITE_TYPEGEN
        else process.env.SITE_TYPEGEN = saved
      }
    }
    expect(generateOnBuild(env)).toBe(false)
    // `npm run build` (and CI's build) still writes them, so `npm run typecheck` works.
    expect(generateOnBuild({})).toBe(true)
  })

  it("gives a build over a warm cache one Gatsby worker, unless the operator chose a count", () => {
    expect(buildEnvironment({}, { warmCache: true }).GATSBY_CPU_COUNT).toBe("1")
    expect(buildEnvironment({ GATSBY_CPU_COUNT: "2" }, { warmCache: true }).GATSBY_CPU_COUNT).toBe("2")
  })

  it("names GATSBY_CPU_COUNT for a cold build too (all cores), so the first warm build's webpack config defines the same variables", () => {
    const names = (env: NodeJS.ProcessEnv) => Object.keys(env).sort()
    const base = { CATALOGUE_API_URL: "http://cms/api", SITE_URL: "https://example.org" }
    expect(buildEnvironment(base, { warmCache: false }).GATSBY_CPU_COUNT).toBe("physical_cores")
    expect(names(buildEnvironment(base, { warmCache: false }))).toEqual(names(buildEnvironment(base, { warmCache: true })))
    expect(buildEnvironment({ GATSBY_CPU_COUNT: "2" }, { warmCache: false }).GATSBY_CPU_COUNT).toBe("2")
  })

  it("calls a workspace warm once a build has saved Gatsby's state there", () => {
    const workspace = fs.mkdtempSync(path.join(os.tmpdir(), "warm-cache-"))
    expect(hasWarmCache(workspace)).toBe(false)
    fs.mkdirSync(path.join(workspace, ".cache", "redux"), { recursive: true })
    expect(hasWarmCache(workspace)).toBe(true)
    fs.rmSync(workspace, { recursive: true, force: true })
  })
})

describe("readConfig", () => {
  it("has defaults for everything but the secrets", () => {
    const config = readConfig({})
    expect(config).toMatchObject({
      host: "127.0.0.1",
      port: 9000,
      dataDir: DEFAULT_DATA_DIR,
      workspaceDir: path.join(DEFAULT_DATA_DIR, "workspace"),
      databaseFile: path.join(DEFAULT_DATA_DIR, "publisher.db"),
      buildTimeoutMs: 600_000,
      debounceMs: 300,
      keepReleases: 10,
      changesPollMs: 180_000,
      webhookKeys: undefined,
      adminToken: undefined,
      statusOpenOnLoopback: false,
      allowedHosts: [],
      trustProxy: undefined,
      buildCommand: DEFAULTS.buildCommand,
    })
    expect(DEFAULTS.buildCommand.at(-2)).toMatch(/gatsby[/\\]cli\.js$/)
    expect(DEFAULTS.buildCommand.at(-1)).toBe("build")
  })

  it("reads every variable", () => {
    const config = readConfig({
      PUBLISHER_PORT: "9100",
      PUBLISHER_DATA_DIR: "/tmp/pub",
      PUBLISHER_BUILD_TIMEOUT_MS: "5000",
      PUBLISHER_DEBOUNCE_MS: "0",
      PUBLISHER_ADMIN_TOKEN: ADMIN_TOKEN,
      PUBLISH_WEBHOOK_SECRET: `${SECRET}  ${OTHER_SECRET} `,
      PUBLISHER_BUILD_COMMAND: "node fake.js --slow",
      PUBLISHER_CHANGES_POLL_MS: "0",
      PUBLISHER_STATUS_OPEN_ON_LOOPBACK: "on",
      PUBLISHER_HOST: "publisher.internal",
      PUBLISHER_ALLOWED_HOSTS: " publish.example.com, .staff.example ",
      PUBLISHER_TRUST_PROXY: "127.0.0.1, 10.0.0.0/8",
    })
    expect(config).toMatchObject({
      port: 9100,
      dataDir: "/tmp/pub",
      workspaceDir: "/tmp/pub/workspace",
      databaseFile: "/tmp/pub/publisher.db",
      buildTimeoutMs: 5000,
      debounceMs: 0,
      adminToken: ADMIN_TOKEN,
      statusOpenOnLoopback: true,
      host: "publisher.internal",
      // A PUBLISHER_HOST that is a name is one the admin paths answer to, as CMS_HOST is for the CMS.
      allowedHosts: ["publish.example.com", ".staff.example", "publisher.internal"],
      trustProxy: "127.0.0.1,10.0.0.0/8",
      webhookKeys: secretKeys(`${SECRET} ${OTHER_SECRET}`),
      buildCommand: "node fake.js --slow",
      changesPollMs: 0,
    })
  })

  it("refuses an admin token shorter than 32 characters, saying how to make one", () => {
    expect(() => readConfig({ PUBLISHER_ADMIN_TOKEN: "x".repeat(31) })).toThrow(
      "PUBLISHER_ADMIN_TOKEN must be at least 32 characters long: anyone who knows it reads every build log and rolls the site back. Make one with `openssl rand -hex 32`.",
    )
    expect(readConfig({ PUBLISHER_ADMIN_TOKEN: "x".repeat(32) }).adminToken).toBe("x".repeat(32))
  })

  it("names wrong admin settings, the CMS's rules for the same lists", () => {
    const message = (() => {
      try {
        readConfig({ PUBLISHER_STATUS_OPEN_ON_LOOPBACK: "1", PUBLISHER_ALLOWED_HOSTS: "ok.example, http://bad.example", PUBLISHER_TRUST_PROXY: "proxy.example" })
        return ""
      } catch (error) {
        return (error as Error).message
      }
    })()
    expect(message).toContain('PUBLISHER_STATUS_OPEN_ON_LOOPBACK must be on or off, not "1"')
    expect(message).toContain('PUBLISHER_ALLOWED_HOSTS must be a comma-separated list of host names (.example.com: it and every name under it); not "http://bad.example"')
    expect(message).toContain('PUBLISHER_TRUST_PROXY must be a comma-separated list of proxy addresses or CIDR ranges (127.0.0.1, 10.0.0.0/8); not "proxy.example"')
    // An address to listen on is no name to answer to.
    expect(readConfig({ PUBLISHER_HOST: "0.0.0.0" }).allowedHosts).toEqual([])
  })

  it("reads the CDNs to purge, and names one given without its credentials", () => {
    expect(readConfig({}).cdn).toEqual({ varnish: [] })
    const config = readConfig({
      PUBLISHER_CDN_VARNISH: "http://127.0.0.1:6081, http://10.0.0.2:80",
      PUBLISHER_CDN_FASTLY_SERVICE_ID: "SU1Z0isxPaozGVKXdv0eY",
      FASTLY_API_TOKEN: "fastly-token",
      PUBLISHER_CDN_CLOUDFRONT_DISTRIBUTION_ID: "EDFDVBD6EXAMPLE",
      AWS_ACCESS_KEY_ID: "AKIDEXAMPLE",
      AWS_SECRET_ACCESS_KEY: "secret",
    })
    expect(config.cdn).toEqual({
      varnish: ["http://127.0.0.1:6081", "http://10.0.0.2:80"],
      fastly: { serviceId: "SU1Z0isxPaozGVKXdv0eY", apiToken: "fastly-token" },
      cloudfront: { distributionId: "EDFDVBD6EXAMPLE", accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" },
    })
    expect(() => readConfig({ PUBLISHER_CDN_CLOUDFLARE_ZONE_ID: "zone", PUBLISHER_CDN_VARNISH: "varnish:6081" })).toThrow(
      /PUBLISHER_CDN_VARNISH.*[\s\S]*PUBLISHER_CDN_CLOUDFLARE_ZONE_ID is set but CLOUDFLARE_API_TOKEN is not|PUBLISHER_CDN_CLOUDFLARE_ZONE_ID is set but CLOUDFLARE_API_TOKEN is not[\s\S]*PUBLISHER_CDN_VARNISH/,
    )
  })

  it("names every wrong value at once", () => {
    expect(() => readConfig({ PUBLISHER_PORT: "nine thousand", PUBLISHER_BUILD_TIMEOUT_MS: "-1", PUBLISH_WEBHOOK_SECRET: "short" })).toThrow(ConfigError)
    try {
      readConfig({ PUBLISHER_PORT: "nine thousand", PUBLISHER_BUILD_TIMEOUT_MS: "-1", PUBLISH_WEBHOOK_SECRET: "short" })
    } catch (error) {
      const message = (error as Error).message
      expect(message).toContain('PUBLISHER_PORT must be a whole number from 0 to 65535, not "nine thousand"')
      expect(message).toContain("PUBLISHER_BUILD_TIMEOUT_MS")
      expect(message).toContain("PUBLISH_WEBHOOK_SECRET is wrong: it is not a Standard Webhooks secret (whsec_ followed by the base64 of 24 to 64 random bytes)")
    }
  })
})

describe("createServer", () => {
  it("gives a client 30 s to send its request, not forever (Node's requestTimeout is 0 by default)", async () => {
    const app = createServer({ level: "silent", format: "json" })
    try {
      expect(REQUEST_TIMEOUT_MS).toBe(30_000)
      expect(app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS)
      // As the reference server's: Node leaves a request whose body never ends unchecked while headersTimeout exceeds requestTimeout.
      expect(app.server.headersTimeout).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS)
    } finally {
      await app.close()
    }
  })
})
