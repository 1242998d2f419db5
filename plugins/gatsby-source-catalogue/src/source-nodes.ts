import type { GatsbyNode } from "gatsby"
import { dataList } from "./answer-shapes"
import { CatalogueRequestError, createCatalogueClient, joinUrl } from "./client"
import { NODE_TYPES } from "./constants"
import { categoryFields, nodeBuilder } from "./node-builder"
import type { ApiCategory, CataloguePluginOptions } from "./types"

export const sourceNodes: GatsbyNode["sourceNodes"] = async (gatsbyApi, options) => {
  const { reporter } = gatsbyApi
  const { apiUrl, requestTimeoutMs } = options as unknown as CataloguePluginOptions
  const client = createCatalogueClient({ apiUrl, requestTimeoutMs })

  const activity = reporter.activityTimer(`Sourcing the catalogue from ${apiUrl}`)
  activity.start()
  try {
    const categories = dataList<ApiCategory>(joinUrl(apiUrl, "categories"), await client.getJson("categories"))
    for (const category of categories) {
      nodeBuilder(gatsbyApi, NODE_TYPES.Category, category.id, categoryFields(category))
    }
    activity.setStatus(`${categories.length} categories`)
  } catch (error) {
    if (error instanceof CatalogueRequestError) {
      activity.panicOnBuild({ id: error.code, context: { sourceMessage: error.message } })
      return
    }
    throw error
  } finally {
    activity.end()
  }
}
