import type { Core } from "@strapi/strapi"
import type { ApiCategory, ApiEpisode, ApiFeaturedItem, ApiSeries, ApiSiteSettings, ApiSubcategory } from "../serialise/answers"
import type { CategoryDocument, EpisodeDocument, FeaturedItemDocument, SeriesDocument, SiteSettingDocument, SubcategoryDocument } from "../serialise/documents"
import { toCategory, toEpisode, toFeaturedItem, toSeries, toSubcategory } from "../serialise/entities"
import { toSiteSettings } from "../serialise/site-settings"
import { CONTENT_TYPES as T, EDITORS_ORDER, EPISODE_ORDER, LINK, POPULATE } from "./content-types"
import { draftFlags } from "./draft-flags"
import { documentsOf, type Status } from "./documents"

/**
 * One view of the catalogue (catalogue-api.md, "Drafts and preview"), every
 * answer in the contract's shape: the published view reads Strapi's
 * published versions; the draft view its drafts (which Strapi keeps for every
 * document, published or not), each entity flagged with `draft`. Relations
 * stay in the view read: a published version links published ones, a draft
 * drafts. An id the view does not have answers undefined (the route's 404).
 */
export class CatalogueReader {
  private readonly status: Status

  constructor(
    private readonly strapi: Core.Strapi,
    private readonly draftView: boolean,
  ) {
    this.status = draftView ? "draft" : "published"
  }

  private flags(uid: Parameters<typeof draftFlags>[2], documents: Parameters<typeof draftFlags>[3]) {
    return draftFlags(this.strapi, this.draftView, uid, documents)
  }

  async categories(): Promise<ApiCategory[]> {
    const found = (await documentsOf(this.strapi, T.category).findMany({
      status: this.status,
      populate: POPULATE.category,
      sort: EDITORS_ORDER,
    })) as CategoryDocument[]
    const flag = await this.flags(T.category, found)
    return found.map((category) => toCategory(category, flag(category)))
  }

  /** A category with its subcategories, without their series. */
  async category(id: string): Promise<ApiCategory | undefined> {
    const found = (await documentsOf(this.strapi, T.category).findOne({
      documentId: id,
      status: this.status,
      populate: { ...POPULATE.category, sub_categories: { populate: POPULATE.subcategory, sort: EDITORS_ORDER } },
    })) as CategoryDocument | null
    if (!found) return undefined
    const members = found.sub_categories ?? []
    const [flag, memberFlag] = await Promise.all([this.flags(T.category, [found]), this.flags(T.subcategory, members)])
    return {
      ...toCategory(found, flag(found)),
      sub_categories: members.map((member) => toSubcategory(member, memberFlag(member), found.documentId)),
    }
  }

  async featuredItems(): Promise<ApiFeaturedItem[]> {
    const found = (await documentsOf(this.strapi, T.featured).findMany({
      status: this.status,
      populate: POPULATE.featured,
      sort: EDITORS_ORDER,
    })) as FeaturedItemDocument[]
    const flag = await this.flags(T.featured, found)
    return found.map((item) => toFeaturedItem(item, flag(item)))
  }

  /** A subcategory with its series. */
  async subcategory(id: string): Promise<ApiSubcategory | undefined> {
    const found = (await documentsOf(this.strapi, T.subcategory).findOne({
      documentId: id,
      status: this.status,
      populate: { ...POPULATE.subcategory, category: LINK, series: { populate: POPULATE.series, sort: EDITORS_ORDER } },
    })) as SubcategoryDocument | null
    if (!found) return undefined
    const members = found.series ?? []
    const [flag, memberFlag] = await Promise.all([this.flags(T.subcategory, [found]), this.flags(T.series, members)])
    return {
      ...toSubcategory(found, flag(found)),
      series: members.map((member) => toSeries(member, memberFlag(member))),
    }
  }

  async series(id: string): Promise<ApiSeries | undefined> {
    const found = (await documentsOf(this.strapi, T.series).findOne({ documentId: id, status: this.status, populate: POPULATE.series })) as SeriesDocument | null
    if (!found) return undefined
    const flag = await this.flags(T.series, [found])
    return toSeries(found, flag(found))
  }

  /** A series' episodes by their number; undefined when the view has no such series. */
  async seriesEpisodes(id: string): Promise<ApiEpisode[] | undefined> {
    const found = (await documentsOf(this.strapi, T.series).findOne({
      documentId: id,
      status: this.status,
      fields: ["title"],
      populate: { sub_category: LINK, episodes: { populate: POPULATE.episode, sort: EPISODE_ORDER } },
    })) as SeriesDocument | null
    if (!found) return undefined
    const episodes = found.episodes ?? []
    const flag = await this.flags(T.episode, episodes)
    const links = { seriesId: found.documentId, subCategoryId: found.sub_category?.documentId ?? null }
    return episodes.map((episode) => toEpisode(episode, flag(episode), links))
  }

  async episode(id: string): Promise<ApiEpisode | undefined> {
    const found = (await documentsOf(this.strapi, T.episode).findOne({
      documentId: id,
      status: this.status,
      populate: { ...POPULATE.episode, series: { ...LINK, populate: { sub_category: LINK } } },
    })) as EpisodeDocument | null
    if (!found) return undefined
    const flag = await this.flags(T.episode, [found])
    return toEpisode(found, flag(found))
  }

  /** The site settings; undefined when the view has none (the route's 404). */
  async siteSettings(): Promise<ApiSiteSettings | undefined> {
    const found = (await documentsOf(this.strapi, T.siteSettings).findFirst({
      status: this.status,
      populate: POPULATE.siteSettings,
    })) as SiteSettingDocument | null
    if (!found) return undefined
    const flag = await this.flags(T.siteSettings, [found])
    return toSiteSettings(found, flag(found))
  }
}
