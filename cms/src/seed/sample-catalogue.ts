import type { ApiSeo } from "../../../contract/schemas"
import { FIRST_ID } from "../catalogue/ids"
import type { CatalogueContent } from "../catalogue/content"

/**
 * The bundled sample catalogue: original copy, written for this project.
 * Shaped to exercise every screen: a category with 11 subcategories (Dance),
 * Fitness with 7, a subcategory whose series carry several tags (Yoga Flow),
 * an empty subcategory (Nutrition Kitchen), a 12-episode series stored out of
 * order (30-Day HIIT Challenge) and a series without episodes (Partner Yoga).
 * A few entities carry marketing metadata (`seo`): Wellness, Move or Lose and
 * the first episode of Five-Minute Calm; none that the browser tests or the
 * page families of scripts/lib/page-families.ts read, so their head tags stay
 * the entity's own.
 */

interface SeriesSeed {
  title: string
  summary: string
  tags: string[]
  episodes: number
  seo?: ApiSeo
  /** Marketing metadata of some episodes, by episode number; given the series' picture, which they may share. */
  episodeSeo?: Record<number, (seriesPicture: string) => ApiSeo>
}

interface SubcategorySeed {
  title: string
  shortDesc: string
  series: SeriesSeed[]
}

interface CategorySeed {
  title: string
  shortDesc: string
  pageTitle: string
  pageSubTitle: string
  description: string
  subcategories: SubcategorySeed[]
  seo?: ApiSeo
}

const s = (title: string, summary: string, tags: string[], episodes = 3): SeriesSeed => ({
  title,
  summary,
  tags,
  episodes,
})

const CATEGORIES: CategorySeed[] = [
  {
    title: "Fitness",
    shortDesc: "Sweat, stretch and get stronger at home.",
    pageTitle: "Train Anywhere, Any Time",
    pageSubTitle: "Coach-led workouts from ten minutes to an hour",
    description:
      "<p>Short on time or ready for a challenge? Our <strong>fitness</strong> library has a session for every mood.</p><ul><li>Strength and conditioning</li><li>Yoga and Pilates</li><li>Cardio you will actually enjoy</li></ul>",
    subcategories: [
      {
        title: "HIIT Burn",
        shortDesc: "Fast intervals that leave you buzzing.",
        series: [
          s("30-Day HIIT Challenge", "One month, twelve sessions, a fitter you.", ["Challenge", "Advanced"], 12),
          s("Ten-Minute Torch", "Tiny workouts for busy days.", ["Quick", "Beginner"]),
        ],
      },
      {
        title: "Strength Foundations",
        shortDesc: "Build strength with dumbbells or body weight.",
        series: [s("Kettlebell Basics", "Swing, squat and press with confidence.", ["Beginner", "Equipment"]), s("Body-Weight Strong", "No gym? No problem.", ["No Equipment"])],
      },
      {
        title: "Yoga Flow",
        shortDesc: "Move with your breath.",
        series: [
          s("Sunrise Yoga", "Gentle flows to open the day.", ["Beginner", "Morning"], 4),
          s("Power Vinyasa", "Strong, sweaty, steady.", ["Advanced", "Power"]),
          s("Restorative Evenings", "Slow poses to unwind before sleep.", ["Restorative", "Evening"]),
          s("Partner Yoga", "Coming soon: flows to share with a friend.", ["Beginner"], 0),
        ],
      },
      {
        title: "Pilates Core",
        shortDesc: "Control, balance and a strong centre.",
        series: [s("Mat Pilates Essentials", "The classic mat sequence, step by step.", ["Beginner"])],
      },
      {
        title: "Cardio Kickbox",
        shortDesc: "Punch, kick and sweat to the beat.",
        series: [s("Knockout Cardio", "Combinations that raise your heart rate.", ["Cardio", "Intermediate"])],
      },
      {
        title: "Mobility & Stretch",
        shortDesc: "Loosen up and move freely.",
        series: [s("Desk Reset", "Undo a day of sitting.", ["Quick", "Recovery"])],
      },
      {
        title: "Outdoor Running",
        shortDesc: "Coached runs for the park or the road.",
        series: [s("Couch to 5K Companion", "Audio-style coaching with video drills.", ["Beginner", "Running"])],
      },
    ],
  },
  {
    title: "Dance",
    shortDesc: "Learn the moves, then make them yours.",
    pageTitle: "Find Your Rhythm",
    pageSubTitle: "Eleven styles taught by working choreographers",
    description: "<p>From first steps to full routines, <em>every style</em> is broken down slowly and then danced at full speed.</p>",
    subcategories: [
      { title: "Hip-Hop", shortDesc: "Grooves, bounces and attitude.", series: [s("Hip-Hop Grooves 101", "Foundations of groove.", ["Beginner", "Foundations"])] },
      { title: "Salsa", shortDesc: "Turns and shines from Cali to New York.", series: [s("Salsa Night Ready", "Partnerwork for your first social.", ["Partner", "Beginner"])] },
      { title: "Ballet Basics", shortDesc: "Posture, port de bras and pliés.", series: [s("Barre at Home", "A full barre using a chair.", ["Foundations"])] },
      { title: "Contemporary", shortDesc: "Floor work and release.", series: [s("Fluid Motion", "Expressive phrases with floor work.", ["Intermediate"])] },
      { title: "Jazz Funk", shortDesc: "Sharp, sassy and full of style.", series: [s("Funk It Up", "Stage-ready jazz funk combos.", ["Intermediate", "Choreography"])] },
      { title: "K-Pop Choreo", shortDesc: "Learn the routines everyone is dancing.", series: [s("Idol Routines", "Point choreography, slowed down.", ["Choreography"])] },
      { title: "Bollywood", shortDesc: "Joyful film-style dance.", series: [s("Bollywood Party", "Big energy, big smiles.", ["Party", "Beginner"])] },
      { title: "House Dance", shortDesc: "Jacking, footwork and lofting.", series: [s("Jack to the Beat", "The house groove explained.", ["Foundations"])] },
      { title: "Tap", shortDesc: "Make music with your feet.", series: [s("Tap Time", "Shuffles, flaps and time steps.", ["Beginner"])] },
      { title: "Latin Cardio", shortDesc: "Dance workout to Latin rhythms.", series: [s("Fiesta Fit", "A party that happens to be a workout.", ["Cardio", "Party"])] },
      { title: "Street Jazz", shortDesc: "Where studio jazz meets the street.", series: [s("Street Jazz Lab", "Musicality drills and combos.", ["Advanced"])] },
    ],
  },
  {
    title: "Entertainment",
    shortDesc: "Laugh, relax and compete.",
    pageTitle: "Your Nightly Dose of Fun",
    pageSubTitle: "Comedy, competitions and behind-the-scenes stories",
    description: "<p>Take a break with <strong>sketches</strong>, talent battles and game nights made for sharing.</p>",
    subcategories: [
      { title: "Comedy Sketches", shortDesc: "Short, silly and very quotable.", series: [s("The Warm-Up Crew", "A fitness studio where nothing goes to plan.", ["Comedy"], 4)] },
      { title: "Talent Showdowns", shortDesc: "Dancers battle for the crown.", series: [s("Battle of the Crews", "Eight crews, one trophy.", ["Competition"], 4)] },
      { title: "Behind the Scenes", shortDesc: "How our classes are made.", series: [s("Studio Diaries", "Rehearsals, bloopers and big days.", ["Documentary"])] },
      {
        title: "Game Nights",
        shortDesc: "Quizzes and challenges for the whole family.",
        // Kept out of search engines, as a studio might a format it is still trying out.
        series: [{ ...s("Move or Lose", "A game show where every answer is a dance move.", ["Family", "Competition"]), seo: { noindex: true } }],
      },
      { title: "Music Sessions", shortDesc: "Live sets from the artists on our playlists.", series: [s("Live at the Loft", "Intimate performances.", ["Music"])] },
    ],
  },
  {
    title: "Wellness",
    shortDesc: "Rest, breathe and recover.",
    pageTitle: "Feel Good From the Inside",
    pageSubTitle: "Meditation, sleep and everyday nutrition",
    description: "<p>Recovery is part of training. Slow down with <em>guided</em> practices.</p>",
    seo: {
      title: "Wellness Videos: Meditation, Sleep and Recovery",
      description: "Guided meditation, soothing sleep stories and simple nutrition for active people: rest, breathe and recover between your workouts.",
    },
    subcategories: [
      {
        title: "Meditation",
        shortDesc: "Guided breathing and calm.",
        series: [
          {
            ...s("Five-Minute Calm", "Breathing breaks for any time.", ["Quick", "Beginner"]),
            episodeSeo: {
              // The series' picture, not the episode's own: a share card that differs from the page's.
              1: (seriesPicture) => ({
                title: "Five-Minute Calm, Episode 1: Breathing Basics",
                description: "A five-minute guided breathing break for beginners: settle your body, slow your breath and clear your head, wherever you are.",
                image: { path: seriesPicture, alt: "Soft abstract artwork in calm colours, the cover of Five-Minute Calm" },
              }),
            },
          },
        ],
      },
      { title: "Sleep Stories", shortDesc: "Drift off with soothing stories.", series: [s("Night Trails", "Slow walks through imagined places.", ["Evening"])] },
      { title: "Nutrition Kitchen", shortDesc: "Simple meals for active people. New videos soon.", series: [] },
    ],
  },
]

const EPISODE_FOCUS = [
  "Warm-Up and Basics",
  "Building the Base",
  "Finding the Rhythm",
  "Power and Control",
  "Balance and Flow",
  "Speed Round",
  "Deep Dive",
  "Putting It Together",
  "Stamina Builder",
  "Style and Detail",
  "The Big Push",
  "Finale",
]

/** Episode numbers stored out of order, so the site has to sort them. */
function storageOrder(count: number): number[] {
  const numbers = Array.from({ length: count }, (_, i) => i + 1)
  return count > 3 ? [...numbers.filter((n) => n % 2 === 0), ...numbers.filter((n) => n % 2 === 1)] : numbers
}

export function sampleCatalogue(): CatalogueContent {
  const content: CatalogueContent = { categories: [], subCategories: [], series: [], episodes: [], featuredItems: [] }
  let subcategoryId = FIRST_ID.subcategory
  let seriesId = FIRST_ID.series
  let episodeId = FIRST_ID.episode

  CATEGORIES.forEach((category, index) => {
    const categoryId = FIRST_ID.category + index
    content.categories.push({
      id: categoryId,
      title: category.title,
      short_desc: category.shortDesc,
      page_title: category.pageTitle,
      page_sub_title: category.pageSubTitle,
      description: category.description,
      images: [`/media/category-${categoryId}.jpg`],
      ...(category.seo && { seo: category.seo }),
    })
    for (const sub of category.subcategories) {
      const subId = subcategoryId++
      content.subCategories.push({
        id: subId,
        category_id: categoryId,
        title: sub.title,
        short_desc: sub.shortDesc,
        description: `<p>${sub.shortDesc} Every class in <strong>${sub.title}</strong> is led by a certified coach and works in a living room.</p>`,
        images: [`/media/subcategory-${subId}.jpg`],
      })
      for (const series of sub.series) {
        const id = seriesId++
        const picture = `/media/series-${id}.jpg`
        content.series.push({
          id,
          sub_category_id: subId,
          title: series.title,
          description: `<p>${series.summary}</p><p>New to ${sub.title}? Start with episode one and go at your own pace.</p>`,
          tags: series.tags,
          images: [picture],
          ...(series.seo && { seo: series.seo }),
        })
        for (const number of storageOrder(series.episodes)) {
          const episodeIdNow = episodeId++
          const focus = EPISODE_FOCUS[(number - 1) % EPISODE_FOCUS.length]
          const seo = series.episodeSeo?.[number]?.(picture)
          content.episodes.push({
            id: episodeIdNow,
            series_id: id,
            title: `${series.title}: ${focus}`,
            path: String(760_000_000 + episodeIdNow),
            description: `<p>Episode ${number} of <em>${series.title}</em>. ${focus} with clear cues and options for every level.</p>`,
            episode: number,
            video_id: 760_000_000 + episodeIdNow,
            images: [`/media/episode-${episodeIdNow}.jpg`],
            ...(seo && { seo }),
          })
        }
      }
    }
  })

  content.featuredItems.push(
    {
      id: FIRST_ID.featured,
      title: "Find Your Fitness Groove",
      description:
        "<p>Strength, cardio and yoga programmes built by coaches who <strong>love</strong> what they do.</p><ul><li>New sessions every week</li><li>Every level welcome</li></ul>",
      position: 1,
      category_id: FIRST_ID.category,
      images: [1, 2, 3, 4].map((n) => `/media/featured-${FIRST_ID.featured}-${n}.jpg`),
    },
    {
      id: FIRST_ID.featured + 1,
      title: "Stay Entertained All Week",
      description: "<p>Comedy, dance battles and game nights: <em>something new to watch</em> every evening.</p>",
      position: 2,
      category_id: FIRST_ID.category + 2,
      images: [1, 2].map((n) => `/media/featured-${FIRST_ID.featured + 1}-${n}.jpg`),
    },
    {
      id: FIRST_ID.featured + 2,
      title: "Dance Like Nobody Is Watching",
      description: "<p>Eleven styles, one dance floor: your living room.</p>",
      position: 3,
      category_id: FIRST_ID.category + 1,
      images: [`/media/featured-${FIRST_ID.featured + 2}-1.jpg`],
    },
  )
  return content
}
