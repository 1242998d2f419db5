import path from "node:path"
import type { GatsbyNode } from "gatsby"
import {
  createCategoryPages,
  createEpisodePages,
  createSeriesPages,
  createSubcategoryPages,
} from "./src/page-creation/create-pages"

/** Creates the category, subcategory, series and episode pages from the sourced catalogue. */
export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<Queries.CreatePagesQuery>(`
    query CreatePages {
      allCatalogueCategory {
        nodes {
          id
          _id
          subcategoryIds
        }
      }
      allCatalogueSubcategory {
        nodes {
          id
          _id
        }
      }
      allCatalogueSeries {
        nodes {
          id
          _id
        }
      }
      allCatalogueEpisode {
        nodes {
          id
          _id
          series {
            id
          }
          subcategory {
            id
          }
        }
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query the catalogue to create pages", result.errors)
    return
  }
  const { createPage } = actions
  createCategoryPages(createPage, result.data.allCatalogueCategory.nodes)
  createSubcategoryPages(createPage, result.data.allCatalogueSubcategory.nodes)
  createSeriesPages(createPage, result.data.allCatalogueSeries.nodes)
  createEpisodePages(createPage, result.data.allCatalogueEpisode.nodes)
}

/**
 * `ANALYZE_BUNDLE=1 npm run build` also writes webpack-bundle-analyzer's
 * report of the browser bundle (reports/bundle.html, reports/bundle-stats.json):
 * what each chunk holds, by module, parsed and gzip.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions }) => {
  if (stage !== "build-javascript" || !process.env.ANALYZE_BUNDLE) return
  // Required here so a normal build never loads it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { BundleAnalyzerPlugin } = require("webpack-bundle-analyzer") as typeof import("webpack-bundle-analyzer")
  actions.setWebpackConfig({
    plugins: [
      new BundleAnalyzerPlugin({
        analyzerMode: "static",
        reportFilename: path.join(__dirname, "reports", "bundle.html"),
        generateStatsFile: true,
        statsFilename: path.join(__dirname, "reports", "bundle-stats.json"),
        openAnalyzer: false,
        logLevel: "warn",
      }),
    ],
  })
}
