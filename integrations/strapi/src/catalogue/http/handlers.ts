import type { Core } from "@strapi/strapi"
import { searchCatalogue } from "../search/search"
import { subscribe } from "../subscribe/subscribe"
import { CatalogueReader } from "../views/reader"
import { categoryStatistics } from "../views/statistics"
import { answer, refuse, type CatalogueContext } from "./context"
import { PREVIEW_REFUSED_MESSAGE, requestedView } from "./preview-access"
import { isSafeId } from "./safe-id"

/**
 * The contract's endpoints (docs/reference/catalogue-api.md) as Koa
 * handlers, /changes aside. Each GET reads the view the request asks for
 * (preview-access.ts): the published one, or with `preview=1` and the
 * token the draft view, whose answers are the asker's alone (no-store).
 */
export function catalogueHandlers(strapi: Core.Strapi, previewToken: string | undefined) {
  /** The reader of the request's view; undefined once the refusal (401) is answered. */
  const readerOf = (ctx: CatalogueContext): CatalogueReader | undefined => {
    const view = requestedView({ query: ctx.query, headers: ctx.request.headers }, previewToken)
    if (view === "refused") {
      ctx.set("Cache-Control", "no-store")
      refuse(ctx, 401, PREVIEW_REFUSED_MESSAGE)
      return undefined
    }
    if (view === "draft") ctx.set("Cache-Control", "private, no-store")
    return new CatalogueReader(strapi, view === "draft")
  }

  /** `GET …/:id`: `{ data }` of what `read` finds, else 404 naming the kind and the id. */
  const detail = (label: string, read: (reader: CatalogueReader, id: string) => Promise<unknown | undefined>) => async (ctx: CatalogueContext) => {
    const reader = readerOf(ctx)
    if (!reader) return
    const id = ctx.params.id
    const found = isSafeId(id) ? await read(reader, id) : undefined
    if (found === undefined) return refuse(ctx, 404, `${label} ${JSON.stringify(id ?? "")} was not found.`)
    answer(ctx, 200, { data: found })
  }

  return {
    categories: async (ctx: CatalogueContext) => {
      const reader = readerOf(ctx)
      if (reader) answer(ctx, 200, { data: await reader.categories() })
    },
    category: detail("Category", (reader, id) => reader.category(id)),
    // The one bare-array answer of the contract.
    categoryStatistics: async (ctx: CatalogueContext) => {
      if (readerOf(ctx)) answer(ctx, 200, await categoryStatistics(strapi))
    },
    featuredCollections: async (ctx: CatalogueContext) => {
      const reader = readerOf(ctx)
      if (reader) answer(ctx, 200, { data: await reader.featuredItems() })
    },
    subcategory: detail("Subcategory", (reader, id) => reader.subcategory(id)),
    series: detail("Series", (reader, id) => reader.series(id)),
    seriesEpisodes: detail("Series", (reader, id) => reader.seriesEpisodes(id)),
    episode: detail("Episode", (reader, id) => reader.episode(id)),
    siteSettings: async (ctx: CatalogueContext) => {
      const reader = readerOf(ctx)
      if (!reader) return
      const settings = await reader.siteSettings()
      if (settings === undefined) return refuse(ctx, 404, "This catalogue has no site settings.")
      answer(ctx, 200, { data: settings })
    },
    // Never previewed: the published view whatever the request says (catalogue-api.md).
    search: async (ctx: CatalogueContext) => {
      const raw = ctx.query.q
      const text = Array.isArray(raw) ? raw[0] : raw
      answer(ctx, 200, { data: await searchCatalogue(strapi, typeof text === "string" ? text : "") })
    },
    subscribe: async (ctx: CatalogueContext) => {
      const outcome = await subscribe(strapi, ctx.request.body)
      answer(ctx, outcome.status, outcome.body)
    },
  }
}
