import type { CreateWebpackConfigArgs } from "gatsby"

/**
 * Gives the browser bundle the same webpack compilation hash on the first
 * build after a clean as on every build after it, so the first edit after a
 * cold build rewrites only the pages that show it.
 *
 * Gatsby 5.16 takes the compilation hash from webpack's stats
 * (commands/build.js `build`: `webpackCompilationHash = stats.hash`) and puts
 * it in app-data.json and in the `_gatsby-scripts` slice
 * (utils/gatsby-webpack-stats-extractor.js), which is stitched into every
 * page. Webpack's `Compilation#createHash` mixes in the hash of each child
 * compilation, and the mini-css-extract-plugin 1.6 that Gatsby configures
 * (utils/webpack-utils.js `plugins.extractText`) evaluates each CSS module in
 * a child compiler of its own, but only when it builds that module: a warm
 * build takes the CSS modules from webpack's persistent cache, starts no
 * child compiler, and gets another hash from the same inputs
 * (gatsbyjs/gatsby#31628, #33450). The plugin's `experimentalUseImportModule`
 * (its default from 2.0) evaluates the CSS in the main compilation with
 * webpack's `importModule` instead: no child compilation on any build, the
 * same CSS files, one hash for the same inputs.
 */
export function keepCompilationHashStable({ stage, getConfig, actions, plugins }: CreateWebpackConfigArgs): void {
  if (stage !== "build-javascript") return
  const config = getConfig() as { plugins: object[] }
  const replaced = config.plugins.map((plugin) => {
    if (plugin.constructor.name !== "MiniCssExtractPlugin") return plugin
    const { options } = plugin as { options: Record<string, unknown> }
    return plugins.extractText({ ...options, experimentalUseImportModule: true })
  })
  actions.replaceWebpackConfig({ ...config, plugins: replaced })
}
