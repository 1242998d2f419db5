import type { ApiEpisode } from "../../../../contract/schemas"
import type { CatalogueAnswers, CatalogueSnapshot } from "../types"

/** The entities of a list by their id, as text. */
function byId<T extends { id: string | number }>(entities: readonly T[]): Map<string, T> {
  return new Map(entities.map((entity) => [String(entity.id), entity]))
}

/**
 * Places the catalogue from its answers: categories in the list's order (one
 * whose detail answered 404 keeps what the list said, with no
 * subcategories); a subcategory in the first category that lists it, a
 * series in the first subcategory that lists it, an episode in its series
 * (its subcategory is its own `sub_category_id`, else its series'). An entity
 * no container lists, or whose detail is missing, is left out. Pure and
 * linear in the catalogue's size; the full read and the delta read both end here.
 */
export function assembleSnapshot(answers: CatalogueAnswers): CatalogueSnapshot {
  const categoryDetails = byId(answers.categories)
  const subcategoryDetails = byId(answers.subcategories)
  const episodeLists = new Map(answers.episodeLists.map(({ seriesId, episodes }) => [seriesId, episodes]))

  const categories = answers.categoryList.map((listed) => {
    const category = categoryDetails.get(String(listed.id)) ?? { ...listed, sub_categories: [] }
    return { category, subcategoryIds: (category.sub_categories ?? []).map((sub) => String(sub.id)) }
  })

  const subcategories: CatalogueSnapshot["subcategories"] = []
  const placedSubcategories = new Set<string>()
  for (const { category, subcategoryIds } of categories) {
    subcategoryIds.forEach((id, position) => {
      const subcategory = subcategoryDetails.get(id)
      if (!subcategory || placedSubcategories.has(id)) return
      placedSubcategories.add(id)
      subcategories.push({ subcategory, categoryId: String(category.id), position })
    })
  }

  const series = new Map<string, CatalogueSnapshot["series"][number]>()
  for (const { subcategory } of subcategories) {
    ;(subcategory.series ?? []).forEach((listed, position) => {
      const id = String(listed.id)
      if (!series.has(id)) series.set(id, { series: listed, subcategoryId: String(subcategory.id), position })
    })
  }

  const episodes = [...series].flatMap(([seriesId, { subcategoryId }]) =>
    (episodeLists.get(seriesId) ?? []).map((episode: ApiEpisode) => ({
      episode,
      seriesId,
      subcategoryId: episode.sub_category_id != null ? String(episode.sub_category_id) : subcategoryId,
    })),
  )

  return {
    categories,
    subcategories,
    series: [...series.values()],
    episodes,
    featuredItems: answers.featuredItems,
    statistics: answers.statistics,
    siteSettings: answers.siteSettings,
  }
}
