import path from "node:path"
import type { GatsbyNode } from "gatsby"

/**
 * `ANALYZE_BUNDLE=1 npm run build` also writes webpack-bundle-analyzer's
 * report of the browser bundle (reports/bundle.html, reports/bundle-stats.json):
 * what each chunk holds, by module, parsed and gzip.
 */
export function bundleAnalysis(reportsDir: string): GatsbyNode["onCreateWebpackConfig"] {
  return ({ stage, actions }) => {
    if (stage !== "build-javascript" || !process.env.ANALYZE_BUNDLE) return
    // Required here so a normal build never loads it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when the analysis is asked for
    const { BundleAnalyzerPlugin } = require("webpack-bundle-analyzer") as typeof import("webpack-bundle-analyzer")
    actions.setWebpackConfig({
      plugins: [
        new BundleAnalyzerPlugin({
          analyzerMode: "static",
          reportFilename: path.join(reportsDir, "bundle.html"),
          generateStatsFile: true,
          statsFilename: path.join(reportsDir, "bundle-stats.json"),
          openAnalyzer: false,
          logLevel: "warn",
        }),
      ],
    })
  }
}
