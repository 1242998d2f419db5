import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { CreateWebpackConfigArgs } from "gatsby"
import webpack from "webpack"
import { HashWithoutChildCompilations, keepCompilationHashStable } from "../../gatsby/stable-compilation-hash"

// The browser bundle's compilation hash is in every page: a cold build and the
// warm build after it must give the same one from the same inputs.

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the plugin has no type declarations
const MiniCssExtractPlugin = require("mini-css-extract-plugin") as { new (options: object): webpack.WebpackPluginInstance; loader: string }

/** The plugins the site's hook adds to the config of `stage`. */
function pluginsAdded(stage: string): object[] | undefined {
  let added: object[] | undefined
  keepCompilationHashStable({
    stage,
    actions: { setWebpackConfig: (config: { plugins: object[] }) => (added = config.plugins) },
  } as unknown as CreateWebpackConfigArgs)
  return added
}

/** One production compile of a script that imports a style sheet, with Gatsby's CSS extraction, over webpack's persistent cache in `dir`. */
function compile(dir: string, extraPlugins: object[]): Promise<{ hash: string; children: number; assets: string[] }> {
  const compiler = webpack({
    mode: "production",
    context: dir,
    entry: "./index.js",
    output: { path: path.join(dir, "public"), filename: "[name].[contenthash].js" },
    cache: { type: "filesystem", cacheDirectory: path.join(dir, ".cache") },
    module: { rules: [{ test: /\.css$/, use: [MiniCssExtractPlugin.loader, require.resolve("css-loader")] }] },
    plugins: [new MiniCssExtractPlugin({ filename: "[name].[contenthash].css" }), ...(extraPlugins as webpack.WebpackPluginInstance[])],
    optimization: { minimize: false },
  })
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error || !stats) return reject(error)
        const { compilation } = stats
        resolve({ hash: stats.hash ?? "", children: compilation.children.length, assets: Object.keys(compilation.assets).sort() })
      })
    })
  })
}

describe("keepCompilationHashStable", () => {
  const dirs: string[] = []
  const project = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compilation-hash-"))
    dirs.push(dir)
    fs.writeFileSync(path.join(dir, "index.js"), 'import "./styles.css"\nconsole.log("page")\n')
    fs.writeFileSync(path.join(dir, "styles.css"), ".title { color: teal; }\n")
    return dir
  }
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

  it("adds its plugin to the browser bundle's config only", () => {
    expect(pluginsAdded("build-javascript")).toEqual([expect.any(HashWithoutChildCompilations)])
    expect(pluginsAdded("build-html")).toBeUndefined()
  })

  it("gives a cold compile and the warm one after it the same hash and files", async () => {
    const dir = project()
    const cold = await compile(dir, pluginsAdded("build-javascript")!)
    const warm = await compile(dir, pluginsAdded("build-javascript")!)
    // The style sheet's child compilation runs on the cold compile only, and is still reported.
    expect([cold.children, warm.children]).toEqual([1, 0])
    expect(warm.hash).toBe(cold.hash)
    expect(warm.assets).toEqual(cold.assets)
    expect(cold.assets.map((file) => path.extname(file)).sort()).toEqual([".css", ".js"])

    // Without it, for contrast: the hash the cold compile gives is not the warm one's.
    const unfixed = project()
    const [coldUnfixed, warmUnfixed] = [await compile(unfixed, []), await compile(unfixed, [])]
    expect(coldUnfixed.hash).not.toBe(warmUnfixed.hash)
    expect(warmUnfixed).toEqual(warm)
  }, 60_000)
})
