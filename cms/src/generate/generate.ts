import { seededRandom } from "../media/random"
import { FIRST_ID } from "../catalogue/ids"
import type { CatalogueContent } from "../catalogue/content"

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

/** What each part of the generator draws with: the seeded pick, the counts and the picture naming. */
interface Draw {
  pick: <T>(list: readonly T[]) => T
  picture: (kind: string, id: number) => string
  episodes: number
  seriesCount: number
  subcategoryCount: number
}

/**
 * A large catalogue for benchmarks, the same for the same options: about ten
 * episodes a series, four series a subcategory, subcategories spread over six
 * categories, and the featured items the home page looks for. The parts are
 * drawn in this order, from one seeded sequence.
 */
export function generateCatalogue({ episodes, seed = 42, imagePool }: GenerateOptions): CatalogueContent {
  const random = seededRandom(seed)
  const seriesCount = Math.max(1, Math.ceil(episodes / EPISODES_PER_SERIES))
  const draw: Draw = {
    pick: <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T,
    picture: (kind, id) => (imagePool ? `/media/${kind}-${(id % imagePool) + 1}.jpg` : `/media/${kind}-${id}.jpg`),
    episodes,
    seriesCount,
    subcategoryCount: Math.max(CATEGORY_TITLES.length, Math.ceil(seriesCount / SERIES_PER_SUBCATEGORY)),
  }
  return {
    categories: generateCategories(),
    subCategories: generateSubcategories(draw),
    series: generateSeries(draw),
    episodes: generateEpisodes(draw),
    featuredItems: generateFeaturedItems(),
  }
}

function generateCategories(): CatalogueContent["categories"] {
  return CATEGORY_TITLES.map((title, index) => {
    const id = FIRST_ID.category + index
    return {
      id,
      title,
      short_desc: `Everything ${title.toLowerCase()}.`,
      page_title: `${title} for Everyone`,
      page_sub_title: `Generated ${title.toLowerCase()} programmes`,
      description: `<p>The generated <strong>${title}</strong> category.</p>`,
      images: [`/media/category-${id}.jpg`],
    }
  })
}

function generateSubcategories({ pick, picture, subcategoryCount }: Draw): CatalogueContent["subCategories"] {
  return Array.from({ length: subcategoryCount }, (_, i) => {
    const id = FIRST_ID.subcategory + i
    const title = `${pick(ADJECTIVES)} ${pick(NOUNS)} ${i + 1}`
    return {
      id,
      category_id: FIRST_ID.category + (i % CATEGORY_TITLES.length),
      title,
      short_desc: `Generated subcategory ${i + 1}.`,
      description: `<p>${title}: a generated subcategory.</p>`,
      images: [picture("subcategory", id)],
    }
  })
}

function generateSeries({ pick, picture, seriesCount, subcategoryCount }: Draw): CatalogueContent["series"] {
  return Array.from({ length: seriesCount }, (_, i) => {
    const id = FIRST_ID.series + i
    const title = `${pick(ADJECTIVES)} ${pick(NOUNS)} Series ${i + 1}`
    return {
      id,
      sub_category_id: FIRST_ID.subcategory + (i % subcategoryCount),
      title,
      description: `<p>${title}, generated for benchmarks.</p>`,
      tags: [pick(TAGS), pick(TAGS)].filter((tag, index, all) => all.indexOf(tag) === index),
      images: [picture("series", id)],
    }
  })
}

function generateEpisodes({ pick, picture, episodes, seriesCount }: Draw): CatalogueContent["episodes"] {
  return Array.from({ length: episodes }, (_, i) => {
    const id = FIRST_ID.episode + i
    const seriesIndex = Math.floor(i / EPISODES_PER_SERIES) % seriesCount
    return {
      id,
      series_id: FIRST_ID.series + seriesIndex,
      title: `${pick(ADJECTIVES)} ${pick(NOUNS)} Episode ${i + 1}`,
      path: String(760_000_000 + id),
      description: `<p>Generated episode ${i + 1}.</p>`,
      episode: (i % EPISODES_PER_SERIES) + 1,
      video_id: 760_000_000 + id,
      images: [picture("episode", id)],
    }
  })
}

function generateFeaturedItems(): CatalogueContent["featuredItems"] {
  return [
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
  ]
}
