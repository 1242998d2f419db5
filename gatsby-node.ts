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
          _id
          subcategoryIds
        }
      }
      allCatalogueSubcategory {
        nodes {
          _id
        }
      }
      allCatalogueSeries {
        nodes {
          _id
        }
      }
      allCatalogueEpisode {
        nodes {
          _id
          seriesId
          subcategoryId
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
