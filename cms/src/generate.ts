import { seededRandom } from "./random"
import { FIRST_ID } from "./seed/sample-catalogue"
import type { CatalogueContent } from "./types"

const CATEGORY_TITLES = ["Fitness", "Dance", "Entertainment", "Wellness", "Sports", "Kids"]
const ADJECTIVES = ["Power", "Gentle", "Rapid", "Daily", "Urban", "Classic", "Fearless", "Bright", "Steady", "Wild"]
const NOUNS = ["Flow", "Groove", "Circuit", "Stretch", "Battle", "Sessions", "Moves", "Beats", "Burn", "Balance"]
const TAGS = ["Beginner", "Intermediate", "Advanced", "Quick", "Equipment", "Family", "Morning", "Evening"]
const EPISODES_PER_SERIES = 10
const SERIES_PER_SUBCATEGORY = 4

export interface GenerateOptions {
  episodes: number
  seed?: number
  /**
   * When set, subcategories, series and episodes draw their pictures from
   * this many distinct images, so a benchmark measures catalogue scale rather
   * than thousands of image transforms.
   */
  imagePool?: number
}

/**
 * A large catalogue for benchmarks, the same for the same options: about ten
 * episodes a series, four series a subcategory, subcategories spread over six
 * categories, and the featured items the home page looks for.
 */
export function generateCatalogue({ episodes, seed = 42, imagePool }: GenerateOptions): CatalogueContent {
  const picture = (kind: string, id: number) =>
    imagePool ? `/media/${kind}-${(id % imagePool) + 1}.jpg` : `/media/${kind}-${id}.jpg`
  const random = seededRandom(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
  const seriesCount = Math.max(1, Math.ceil(episodes / EPISODES_PER_SERIES))
  const subcategoryCount = Math.max(CATEGORY_TITLES.length, Math.ceil(seriesCount / SERIES_PER_SUBCATEGORY))
  const content: CatalogueContent = { categories: [], subCategories: [], series: [], episodes: [], featuredItems: [] }

  CATEGORY_TITLES.forEach((title, index) => {
    const id = FIRST_ID.category + index
    content.categories.push({
      id,
      title,
      short_desc: `Everything ${title.toLowerCase()}.`,
      page_title: `${title} for Everyone`,
      page_sub_title: `Generated ${title.toLowerCase()} programmes`,
      description: `<p>The generated <strong>${title}</strong> category.</p>`,
      images: [`/media/category-${id}.jpg`],
    })
  })

  for (let i = 0; i < subcategoryCount; i++) {
    const id = FIRST_ID.subcategory + i
    const title = `${pick(ADJECTIVES)} ${pick(NOUNS)} ${i + 1}`
    content.subCategories.push({
      id,
      category_id: FIRST_ID.category + (i % CATEGORY_TITLES.length),
      title,
      short_desc: `Generated subcategory ${i + 1}.`,
      description: `<p>${title}: a generated subcategory.</p>`,
      images: [picture("subcategory", id)],
    })
  }

  for (let i = 0; i < seriesCount; i++) {
    const id = FIRST_ID.series + i
    const title = `${pick(ADJECTIVES)} ${pick(NOUNS)} Series ${i + 1}`
    content.series.push({
      id,
      sub_category_id: FIRST_ID.subcategory + (i % subcategoryCount),
      title,
      description: `<p>${title}, generated for benchmarks.</p>`,
      tags: [pick(TAGS), pick(TAGS)].filter((tag, index, all) => all.indexOf(tag) === index),
      images: [picture("series", id)],
    })
  }

  for (let i = 0; i < episodes; i++) {
    const id = FIRST_ID.episode + i
    const seriesIndex = Math.floor(i / EPISODES_PER_SERIES) % seriesCount
    content.episodes.push({
      id,
      series_id: FIRST_ID.series + seriesIndex,
      title: `${pick(ADJECTIVES)} ${pick(NOUNS)} Episode ${i + 1}`,
      path: String(760_000_000 + id),
      description: `<p>Generated episode ${i + 1}.</p>`,
      episode: (i % EPISODES_PER_SERIES) + 1,
      video_id: 760_000_000 + id,
      images: [picture("episode", id)],
    })
  }

  content.featuredItems.push(
    {
      id: FIRST_ID.featured,
      title: "Generated Fitness Favourites",
      description: "<p>Generated <em>fitness</em> feature.</p>",
      position: 1,
      category_id: FIRST_ID.category,
      images: [1, 2, 3].map((n) => `/media/featured-${FIRST_ID.featured}-${n}.jpg`),
    },
    {
      id: FIRST_ID.featured + 1,
      title: "Get Entertained Tonight",
      description: "<p>Generated <em>entertainment</em> feature.</p>",
      position: 2,
      category_id: FIRST_ID.category + 2,
      images: [`/media/featured-${FIRST_ID.featured + 1}-1.jpg`],
    },
  )
  return content
}
