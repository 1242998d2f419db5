import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { PROJECT_ROOT } from "../../../node-kit/process/processes"

// patches/gatsby+5.16.1.patch: a build whose code is the last build's uses the last build's bundles
// (gatsby/dist/commands/reusable-bundles.js). What webpack recorded as their inputs decides; each case
// below is a change that must make the next build compile again. Real builds: offline.test.ts.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- Gatsby's patched file, loaded by its path
const { reusableBundles, rememberBundles, forgetBundles } = require(path.join(PROJECT_ROOT, "node_modules", "gatsby", "dist", "commands", "reusable-bundles.js")) as {
  reusableBundles: (
    directory: string,
    env: NodeJS.ProcessEnv,
    state: { webpackCompilationHash: string },
  ) => { reason?: string; javascript: { hash: string } | null; renderer: { renderPageHash: string } | null }
  /** `javascript`: the browser compilation's stats, or the record a build used it from. */
  rememberBundles: (directory: string, env: NodeJS.ProcessEnv, stats: { javascript: unknown; rendererStats: unknown; renderPageHash: string | null }) => void
  forgetBundles: (directory: string) => void
}

let site: string
const env = { GATSBY_TELEMETRY_DISABLED: "1", SITE_URL: "https://example.org" }
const state = { webpackCompilationHash: "js-hash" }

/** Stats as webpack's: the compilation's inputs and what it wrote. */
function statsOf(hash: string, inputs: { files: string[]; missing?: string[]; contexts?: string[]; outputDir: string; assets: string[]; defines?: string[] }) {
  return {
    hash,
    compilation: {
      // Each module's build info names the DefinePlugin values it read (webpack's value dependencies).
      modules: new Set([{ buildInfo: { valueDependencies: new Map((inputs.defines ?? []).map((name) => [`webpack/DefinePlugin ${name}`, "value"])) } }]),
      fileDependencies: new Set(inputs.files),
      missingDependencies: new Set(inputs.missing ?? []),
      contextDependencies: new Set(inputs.contexts ?? []),
      outputOptions: { path: inputs.outputDir },
      assets: Object.fromEntries(inputs.assets.map((asset) => [asset, {}])),
    },
  }
}

const at = (...parts: string[]) => path.join(site, ...parts)
function write(relative: string, text: string): void {
  fs.mkdirSync(path.dirname(at(relative)), { recursive: true })
  fs.writeFileSync(at(relative), text)
}

/** The bundles beforeEach records: a browser bundle of two modules, and the renderer (plus `rendererFiles`). */
function recordedStats(options: { rendererFiles?: string[] } = {}) {
  return {
    javascript: statsOf("js-hash", {
      files: [at("src/pages/index.tsx"), at("src/components/card.tsx")],
      missing: [at("src/lib/format.mjs"), at("src/lib/format")],
      contexts: [at("src/components")],
      outputDir: at("public"),
      assets: ["app-0123456789abcdef0123.js"],
    }),
    rendererStats: statsOf("ssr-hash", {
      files: [at("src/pages/index.tsx"), ...(options.rendererFiles ?? [])],
      outputDir: at(".cache/page-ssr/routes"),
      assets: ["render-page.js"],
    }),
    renderPageHash: "render-page-hash",
  }
}

beforeEach(() => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), "reusable-bundles-"))
  write("src/pages/index.tsx", "export default () => null")
  write("src/components/card.tsx", "export const Card = () => null")
  write(".cache/compiled/gatsby-node.js", "exports.onCreateWebpackConfig = () => {}")
  write("public/app-0123456789abcdef0123.js", "app")
  write(".cache/page-ssr/routes/render-page.js", "renderer")
  rememberBundles(site, env, recordedStats())
})
afterEach(() => fs.rmSync(site, { recursive: true, force: true }))

describe("the last build's bundles", () => {
  it("are used when nothing they were made from changed, with the hashes they were made with", () => {
    const reused = reusableBundles(site, { ...env }, state)
    expect(reused.reason).toBeUndefined()
    expect(reused.javascript?.hash).toBe("js-hash")
    expect(reused.renderer?.renderPageHash).toBe("render-page-hash")
  })

  it("are used when a folder appears where webpack probed for a file (Gatsby makes .cache/slice after compiling)", () => {
    fs.mkdirSync(at("src/lib/format"), { recursive: true })
    expect(reusableBundles(site, env, state).reason).toBeUndefined()
  })

  it.each([
    ["a source file's bytes change", () => write("src/components/card.tsx", "export const Card = () => 1"), /src\/components\/card\.tsx changed/],
    ["a source file is deleted", () => fs.rmSync(at("src/pages/index.tsx")), /src\/pages\/index\.tsx changed/],
    ["a file appears where webpack looked for one", () => write("src/lib/format.mjs", "export {}"), /format\.mjs appeared/],
    ["a listed folder gains a file", () => write("src/components/new.tsx", "export {}"), /src\/components changed/],
    ["a file the bundle wrote is gone", () => fs.rmSync(at("public/app-0123456789abcdef0123.js")), /app-0123456789abcdef0123\.js is gone/],
    ["the HTML renderer is gone", () => fs.rmSync(at(".cache/page-ssr/routes/render-page.js")), /render-page\.js is gone/],
    [
      "gatsby-node code changes (it shapes webpack's configuration)",
      () => write(".cache/compiled/gatsby-node.js", "exports.onCreateWebpackConfig = () => 1"),
      /gatsby-config or gatsby-node code changed/,
    ],
  ])("are compiled again when %s", (_what, change, reason) => {
    change()
    expect(reusableBundles(site, env, state).reason).toMatch(reason)
  })

  it("are compiled again when a variable the browser bundle defines appears (GATSBY_ ones, NODE_ENV)", () => {
    for (const changed of [{ GATSBY_RELEASE_LABEL: "code" }, { NODE_ENV: "development" }]) {
      const reused = reusableBundles(site, { ...env, ...changed }, state)
      expect(reused).toEqual({ javascript: null, renderer: null, reason: "the environment changed" })
    }
  })

  it("are compiled again when the .env file Gatsby reads into both bundles changes", () => {
    const siteEnv = { ...env, NODE_ENV: "production" }
    rememberBundles(site, siteEnv, recordedStats())
    write(".env.production", "GATSBY_API=https://api.example\n")
    expect(reusableBundles(site, siteEnv, state).reason).toBe("the environment changed")
    fs.rmSync(at(".env.production"))
    expect(reusableBundles(site, siteEnv, state).reason).toBeUndefined()
  })

  it("are both used when only the value of a variable no module names changes", () => {
    // The preview lane's builds differ from the live lane's by the draft view's token, which no module reads.
    const live = { ...env, CATALOGUE_PREVIEW_TOKEN: "" }
    rememberBundles(site, live, recordedStats())
    const reused = reusableBundles(site, { ...live, CATALOGUE_PREVIEW_TOKEN: "draft-view-token" }, state)
    expect(reused.reason).toBeUndefined()
    expect(reused.javascript?.hash).toBe("js-hash")
    expect(reused.renderer?.renderPageHash).toBe("render-page-hash")
  })

  it("give the browser bundle and compile the HTML renderer when a variable only the renderer defines appears", () => {
    // A module that reads a variable not defined would read it once it is: webpack compiles every module again then.
    const reused = reusableBundles(site, { ...env, CATALOGUE_PREVIEW_TOKEN: "draft-view-token" }, state)
    expect(reused.javascript?.hash).toBe("js-hash")
    expect(reused.renderer).toBeNull()
    expect(reused.reason).toBe("the HTML renderer's environment changed")
  })

  it("give the browser bundle and compile the HTML renderer when a variable a renderer module names changes", () => {
    const named = { ...env, SITE_URL: "https://example.org" }
    rememberBundles(site, named, {
      ...recordedStats(),
      rendererStats: statsOf("ssr-hash", {
        files: [at("src/pages/index.tsx")],
        outputDir: at(".cache/page-ssr/routes"),
        assets: ["render-page.js"],
        defines: ["process.env.SITE_URL"],
      }),
    })
    expect(reusableBundles(site, named, state).reason).toBeUndefined()
    const reused = reusableBundles(site, { ...named, SITE_URL: "https://staging.example.org" }, state)
    expect(reused.javascript?.hash).toBe("js-hash")
    expect(reused.renderer).toBeNull()
    expect(reused.reason).toBe("the HTML renderer's environment changed")
  })

  it("give the browser bundle and compile the HTML renderer when a file only the renderer read changes", () => {
    write(".cache/ssr-only.js", "module.exports = 1")
    rememberBundles(site, env, recordedStats({ rendererFiles: [at(".cache/ssr-only.js")] }))
    write(".cache/ssr-only.js", "module.exports = 2")
    const reused = reusableBundles(site, env, state)
    expect(reused.javascript?.hash).toBe("js-hash")
    expect(reused.renderer).toBeNull()
    expect(reused.reason).toMatch(/ssr-only\.js changed/)
  })

  it("are both used after a build that used the browser bundle and compiled the renderer", () => {
    const preview = { ...env, CATALOGUE_PREVIEW_TOKEN: "draft-view-token" }
    const { javascript } = reusableBundles(site, preview, state)
    rememberBundles(site, preview, { javascript, rendererStats: recordedStats().rendererStats, renderPageHash: "preview-render-page-hash" })
    const reused = reusableBundles(site, preview, state)
    expect(reused.reason).toBeUndefined()
    expect(reused.javascript?.hash).toBe("js-hash")
    expect(reused.renderer?.renderPageHash).toBe("preview-render-page-hash")
  })

  it("are used when only Gatsby's own process settings changed (worker count, logger), which no module names", () => {
    const cold = { ...env, GATSBY_CPU_COUNT: "physical_cores", GATSBY_LOGGER: "yurnalist" }
    expect(reusableBundles(site, { ...cold, GATSBY_CPU_COUNT: "1" }, state).reason).toBeUndefined()
    expect(reusableBundles(site, { ...cold, GATSBY_LOGGER: "ink" }, state).reason).toBeUndefined()
  })

  it("are compiled again when a process setting that a module names changes", () => {
    const named = { ...env, GATSBY_CPU_COUNT: "physical_cores" }
    rememberBundles(site, named, {
      javascript: statsOf("js-hash", {
        files: [at("src/pages/index.tsx")],
        outputDir: at("public"),
        assets: ["app-0123456789abcdef0123.js"],
        defines: ["process.env.GATSBY_CPU_COUNT"],
      }),
      rendererStats: statsOf("ssr-hash", { files: [at("src/pages/index.tsx")], outputDir: at(".cache/page-ssr/routes"), assets: ["render-page.js"] }),
      renderPageHash: "render-page-hash",
    })
    expect(reusableBundles(site, named, state).reason).toBeUndefined()
    expect(reusableBundles(site, { ...named, GATSBY_CPU_COUNT: "1" }, state).reason).toBe("the environment changed")
  })

  it("judge a process setting per bundle: one only the renderer names compiles the renderer alone", () => {
    const named = { ...env, GATSBY_CPU_COUNT: "physical_cores" }
    rememberBundles(site, named, {
      javascript: recordedStats().javascript,
      rendererStats: statsOf("ssr-hash", {
        files: [at("src/pages/index.tsx")],
        outputDir: at(".cache/page-ssr/routes"),
        assets: ["render-page.js"],
        defines: ["process.env.GATSBY_CPU_COUNT"],
      }),
      renderPageHash: "render-page-hash",
    })
    const reused = reusableBundles(site, { ...named, GATSBY_CPU_COUNT: "1" }, state)
    expect(reused.javascript?.hash).toBe("js-hash")
    expect(reused.reason).toBe("the HTML renderer's environment changed")
  })

  it("are compiled again when Gatsby's saved state names another compilation, or nothing was recorded", () => {
    expect(reusableBundles(site, env, { webpackCompilationHash: "other" }).reason).toBe("the saved state names another compilation")
    forgetBundles(site)
    expect(reusableBundles(site, env, state).reason).toBe("no bundles recorded")
  })
})
