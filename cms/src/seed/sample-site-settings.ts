import type { ApiSiteSettings } from "../../../contract/schemas"
import type { Served } from "../../../contract/served"
import { FIRST_ID } from "../catalogue/ids"

/**
 * The sample site-wide marketing settings (catalogue-api.md, "Marketing metadata"),
 * every field filled. The pictures are ones the sample catalogue (and the
 * generator) already shows, so they exist under /media.
 */
export const SAMPLE_SITE_SETTINGS: Served<Omit<ApiSiteSettings, "draft">> = {
  site_name: "MoveFlix",
  title_template: "%s | MoveFlix",
  default_description: "Stream coach-led fitness workouts, dance classes and feel-good entertainment at home, from ten-minute sessions to full programmes.",
  default_image: {
    path: `/media/featured-${FIRST_ID.featured}-1.jpg`,
    alt: "Colourful abstract artwork with sweeping lines of motion",
  },
  twitter_site: "@moveflix",
  organization: {
    name: "MoveFlix",
    logo: { path: `/media/category-${FIRST_ID.category}.jpg` },
    same_as: ["https://x.com/moveflix", "https://www.youtube.com/@moveflix"],
  },
  allow_indexing: true,
}
