import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { CreateWebpackConfigArgs } from "gatsby"
import webpack from "webpack"
import { keepCompilationHashStable } from "../../src/stable-compilation-hash"

/** The mini-css-extract-plugin Gatsby configures (1.6, which ships no types). */
interface CssExtractPlugin extends webpack.WebpackPluginInstance {
  options: object
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MiniCssExtractPlugin = require("mini-css-extract-plugin") as { new (options: object): CssExtractPlugin; loader: string }

// The browser bundle's compilation hash is in every page: a cold build and the
// warm build after it must give the same one from the same inputs.

/** The site's hook over a config of Gatsby's shape, with Gatsby's own factory for the plugin; returns the config it sets. */
function configAfterHook(stage: string, plugins: object[]): { plugins: object[] } | undefined {
  let replaced: { plugins: object[] } | undefined
  keepCompilationHashStable({
    stage,
    getConfig: () => ({ mode: "production", plugins }),
    actions: { replaceWebpackConfig: (config: { plugins: object[] }) => (replaced = config) },
    plugins: { extractText: (options: object) => new MiniCssExtractPlugin(options) },
  } as unknown as CreateWebpackConfigArgs)
  return replaced
}

/** One production compile of a script that imports a style sheet, over webpack's persistent cache in `dir`. */
function compile(dir: string, plugins: object[]): Promise<{ hash: string; children: number; assets: string[] }> {
  const compiler = webpack({
    mode: "production",
    context: dir,
    entry: "./index.js",
    output: { path: path.join(dir, "public"), filename: "[name].[contenthash].js" },
    cache: { type: "filesystem", cacheDirectory: path.join(dir, ".cache") },
    module: { rules: [{ test: /\.css$/, use: [MiniCssExtractPlugin.loader, require.resolve("css-loader")] }] },
    plugins: plugins as webpack.WebpackPluginInstance[],
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

  it("has the browser bundle's CSS evaluated in the main compilation, with Gatsby's other options and plugins kept", () => {
    const other = new webpack.DefinePlugin({})
    const gatsbys = new MiniCssExtractPlugin({ filename: "[name].[contenthash].css", chunkFilename: "[name].[contenthash].css" })
    const config = configAfterHook("build-javascript", [other, gatsbys])
    expect(config?.plugins[0]).toBe(other)
    expect((config?.plugins[1] as CssExtractPlugin).options).toEqual({
      filename: "[name].[contenthash].css",
      chunkFilename: "[name].[contenthash].css",
      ignoreOrder: false,
      experimentalUseImportModule: true,
    })
    expect(configAfterHook("build-html", [gatsbys])).toBeUndefined()
  })

  it("gives a cold compile and the warm one after it the same hash and files", async () => {
    const gatsbys = () => [new MiniCssExtractPlugin({ filename: "[name].[contenthash].css" })]
    const dir = project()
    const cold = await compile(dir, configAfterHook("build-javascript", gatsbys())!.plugins)
    const warm = await compile(dir, configAfterHook("build-javascript", gatsbys())!.plugins)
    expect(cold.children).toBe(0)
    expect(warm).toEqual(cold)
    expect(cold.assets.map((file) => path.extname(file)).sort()).toEqual([".css", ".js"])

    // Gatsby's own configuration, for contrast: a child compiler per style sheet on the cold compile only.
    const unfixed = project()
    const [coldUnfixed, warmUnfixed] = [await compile(unfixed, gatsbys()), await compile(unfixed, gatsbys())]
    expect([coldUnfixed.children, warmUnfixed.children]).toEqual([1, 0])
    expect(coldUnfixed.hash).not.toBe(warmUnfixed.hash)
    expect(warmUnfixed).toEqual(cold)
  }, 60_000)
})
