import type { CreateWebpackConfigArgs } from "gatsby"
import type { Compiler } from "webpack"

const NAME = "HashWithoutChildCompilations"

/**
 * Leaves child compilations out of the compilation hash. Webpack's
 * `Compilation#createHash` mixes in the hash of each child compilation, and
 * the mini-css-extract-plugin 1.6 that Gatsby configures starts a child
 * compiler for a style sheet only when it builds that module: a warm build
 * takes the CSS from webpack's persistent cache, starts none, and so hashes
 * the same inputs differently from the cold build before it. The children are
 * set aside between `beforeHash` and `afterHash` only; their output is in the
 * modules that used them, whose hashes stay in the compilation's.
 */
export class HashWithoutChildCompilations {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      let children: typeof compilation.children = []
      compilation.hooks.beforeHash.tap(NAME, () => {
        children = compilation.children.splice(0)
      })
      compilation.hooks.afterHash.tap(NAME, () => {
        compilation.children.push(...children)
      })
    })
  }
}

/**
 * Gives the browser bundle the same webpack compilation hash on the first
 * build after a clean as on every build after it, so the first edit after a
 * cold build rewrites only the pages that show it.
 *
 * Gatsby 5.16 takes the compilation hash from webpack's stats
 * (commands/build.js `build`: `webpackCompilationHash = stats.hash`) and puts
 * it in app-data.json and in the `_gatsby-scripts` slice
 * (utils/gatsby-webpack-stats-extractor.js), which is stitched into every
 * page; the child compilations of its CSS extraction
 * (utils/webpack-utils.js `plugins.extractText`) made that hash differ
 * between a cold build and the warm one after it (gatsbyjs/gatsby#31628,
 * #33450). Leaving the children out of the hash changes no output: the
 * plugin's `experimentalUseImportModule` (no child compiler at all) would
 * too, but it changes how every style sheet is evaluated.
 */
export function keepCompilationHashStable({ stage, actions }: CreateWebpackConfigArgs): void {
  if (stage !== "build-javascript") return
  actions.setWebpackConfig({ plugins: [new HashWithoutChildCompilations()] })
}
