import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { PROJECT_ROOT } from "../../node-kit/process/processes"

// patches/gatsby+5.16.1.patch: a build whose code is the last build's uses the last build's bundles
// (gatsby/dist/commands/reusable-bundles.js). What webpack recorded as their inputs decides; each case
// below is a change that must make the next build compile again. Real builds: offline.test.ts.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- Gatsby's patched file, loaded by its path
const { reusableBundles, rememberBundles, forgetBundles } = require(path.join(PROJECT_ROOT, "node_modules", "gatsby", "dist", "commands", "reusable-bundles.js")) as {
  reusableBundles: (
    directory: string,
    env: NodeJS.ProcessEnv,
    state: { webpackCompilationHash: string },
  ) => { reason?: string; javascript?: { hash: string }; renderer?: { renderPageHash: string } }
  rememberBundles: (directory: string, env: NodeJS.ProcessEnv, stats: { javascriptStats: unknown; rendererStats: unknown; renderPageHash: string | null }) => void
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

beforeEach(() => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), "reusable-bundles-"))
  write("src/pages/index.tsx", "export default () => null")
  write("src/components/card.tsx", "export const Card = () => null")
  write(".cache/compiled/gatsby-node.js", "exports.onCreateWebpackConfig = () => {}")
  write("public/app-0123456789abcdef0123.js", "app")
  write(".cache/page-ssr/routes/render-page.js", "renderer")
  rememberBundles(site, env, {
    javascriptStats: statsOf("js-hash", {
      files: [at("src/pages/index.tsx"), at("src/components/card.tsx")],
      missing: [at("src/lib/format.mjs"), at("src/lib/format")],
      contexts: [at("src/components")],
      outputDir: at("public"),
      assets: ["app-0123456789abcdef0123.js"],
    }),
    rendererStats: statsOf("ssr-hash", { files: [at("src/pages/index.tsx")], outputDir: at(".cache/page-ssr/routes"), assets: ["render-page.js"] }),
    renderPageHash: "render-page-hash",
  })
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

  it("are compiled again when the environment changes (the HTML renderer defines every variable)", () => {
    expect(reusableBundles(site, { ...env, GATSBY_RELEASE_LABEL: "code" }, state).reason).toBe("the environment changed")
    expect(reusableBundles(site, { ...env, SITE_URL: "https://example.com" }, state).reason).toBe("the environment changed")
  })

  it("are used when only Gatsby's own process settings changed (worker count, logger), which no module names", () => {
    const cold = { ...env, GATSBY_CPU_COUNT: "physical_cores", GATSBY_LOGGER: "yurnalist" }
    expect(reusableBundles(site, { ...cold, GATSBY_CPU_COUNT: "1" }, state).reason).toBeUndefined()
    expect(reusableBundles(site, { ...cold, GATSBY_LOGGER: "ink" }, state).reason).toBeUndefined()
  })

  it("are compiled again when a process setting that a module names changes", () => {
    const named = { ...env, GATSBY_CPU_COUNT: "physical_cores" }
    rememberBundles(site, named, {
      javascriptStats: statsOf("js-hash", {
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

  it("are compiled again when Gatsby's saved state names another compilation, or nothing was recorded", () => {
    expect(reusableBundles(site, env, { webpackCompilationHash: "other" }).reason).toBe("the saved state names another compilation")
    forgetBundles(site)
    expect(reusableBundles(site, env, state).reason).toBe("no bundles recorded")
  })
})
