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
