// What the content manager's forms and lists call each field, and what the
// site does with it (docs/guides/strapi-for-editors.md says the same at
// length). Applied at every start by ./apply.ts.

/** A field's texts in the edit view (label, the line under it, an empty input's hint) and its list column's heading. */
export interface FieldText {
  label: string
  description?: string
  placeholder?: string
  /** The list view's column heading; the label when not given. */
  column?: string
}

export interface ViewLabels {
  fields: Record<string, FieldText>
  /** The list view's columns, in order (collection types). */
  list?: string[]
}

const SEO: FieldText = {
  label: "Search and sharing",
  description: "How this page shows in search results and link cards; every field may stay empty: the page's own text is used",
}

const POSITION = (among: string): FieldText => ({ label: "Order", description: `Its place ${among}: lower first, then the order entries were made in` })

const PICTURES = (first: string): FieldText => ({
  label: "Pictures",
  description: `${first}; the others are kept. Send the original, landscape, at least 2560 pixels wide`,
})

const LAST_CHANGED: FieldText = { label: "Last changed" }

export const CONTENT_TYPE_LABELS: Record<string, ViewLabels> = {
  "api::category.category": {
    fields: {
      title: { label: "Title", description: "The category's name: the header menu, breadcrumbs, the home page's rows, search groups" },
      short_desc: { label: "Short description", description: "The text of the category's row on the home page" },
      page_title: { label: "Tagline", description: "Drawn large over the category page's picture, and above its row on the home page; empty: the title" },
      page_sub_title: { label: "Subtitle", description: "The line under the tagline, and under the intro's heading" },
      description: { label: "Introduction", description: "The intro text on the category's page (Markdown: bold, italic, lists, links, ## headings)" },
      images: PICTURES("The first is the category page's large picture"),
      position: POSITION("in the header menu and on the home page"),
      sub_categories: { label: "Subcategories", description: "Its subcategories; also set by each subcategory's Category" },
      seo: SEO,
      updatedAt: LAST_CHANGED,
    },
    list: ["title", "position", "sub_categories", "updatedAt"],
  },
  "api::sub-category.sub-category": {
    fields: {
      title: { label: "Title", description: "The subcategory's name: its card, its page's heading, breadcrumbs" },
      short_desc: { label: "Short description", description: "The line under its page's heading, and on its card" },
      description: { label: "Introduction", description: "The intro text on the subcategory's page (Markdown)" },
      images: PICTURES("The first is its page's large picture and its card's picture"),
      position: POSITION("among its category's subcategories"),
      category: { label: "Category", description: "The category it is listed under" },
      series: { label: "Series", description: "Its series; also set by each series' Subcategory" },
      seo: SEO,
      updatedAt: LAST_CHANGED,
    },
    list: ["title", "category", "position", "updatedAt"],
  },
  "api::series.series": {
    fields: {
      title: { label: "Title", description: "The series' name: its card, its page's heading, breadcrumbs, search results" },
      description: { label: "Introduction", description: "Its page's intro text (Markdown); search results show it as plain text" },
      tags: { label: "Tags", description: "The chips on its subcategory's page filter the series by them, and its card lists them" },
      images: PICTURES("The first is its page's large picture and its card's picture"),
      position: POSITION("among its subcategory's series"),
      sub_category: { label: "Subcategory", description: "The subcategory it is listed under" },
      episodes: { label: "Episodes", description: "Its episodes, in the order of their episode numbers; also set by each episode's Series" },
      seo: SEO,
      updatedAt: LAST_CHANGED,
    },
    list: ["title", "sub_category", "position", "updatedAt"],
  },
  "api::episode.episode": {
    fields: {
      title: { label: "Title", description: "The episode page's heading, its cards, breadcrumbs" },
      episode: { label: "Episode number", description: 'Its place in the series\' order; shown as "Episode 4"', column: "No." },
      video_path: {
        label: "Video id on the video host",
        description: "The video's id at the host (Vimeo); the page's player plays it, with the host's length, chapters and transcript",
        column: "Video id",
      },
      video_id: { label: "Host's own reference", description: "Kept with the episode for your records; the site shows nothing of it" },
      description: { label: "Description", description: "The text under the episode page's heading (Markdown)" },
      images: { label: "Pictures", description: "The first is the player's still and the episode's card picture; the others are kept" },
      series: { label: "Series", description: "The series it belongs to: its page lists it, and the episode's breadcrumbs lead there" },
      seo: SEO,
      updatedAt: LAST_CHANGED,
    },
    // Titles are long: a fourth column would push the status out of sight.
    list: ["title", "series", "episode"],
  },
  "api::featured-item.featured-item": {
    fields: {
      title: {
        label: "Title",
        description: 'The section\'s heading; it picks the section: with "fitness" the fitness section, with "entertained" the entertainment one',
      },
      description: { label: "Text", description: "The section's text (Markdown)" },
      position: POSITION("among the home page's featured sections"),
      categories: { label: "Categories", description: "The section shows the first one's subcategories" },
      images: { label: "Pictures", description: "The fitness section's pictures, in this order" },
      updatedAt: LAST_CHANGED,
    },
    list: ["title", "position", "categories", "updatedAt"],
  },
  "api::site-setting.site-setting": {
    fields: {
      site_name: { label: "Site name", description: "The brand name link cards show with every page" },
      title_template: {
        label: "Title template",
        description: "Every page's title in search results, link cards and browser tabs: %s is where the page's title goes",
        placeholder: "%s | MoveFlix",
      },
      default_description: { label: "Default description", description: "The text in search results and link cards of pages with none of their own" },
      default_image: { label: "Default share picture", description: "The link card picture of pages with none of their own (cropped to 1200 × 630)" },
      default_image_alt: { label: "Default share picture's text", description: "What that picture shows, in words, for people who cannot see it" },
      twitter_site: { label: "X (Twitter) handle", description: "Your @handle, named on every link card", placeholder: "@handle" },
      organization_name: { label: "Organization name", description: "Who the site belongs to, for search engines' knowledge panels" },
      organization_logo: { label: "Organization logo", description: "The logo search engines may show with the organization" },
      organization_same_as: { label: "Organization's profiles", description: 'A JSON list of your profiles\' addresses: ["https://www.instagram.com/…"]' },
      allow_indexing: { label: "Let search engines index the site", description: "FALSE on a staging site: every page asks search engines to stay away" },
    },
  },
  "api::subscriber.subscriber": {
    fields: {
      email: { label: "Email address", description: "An address the site's Subscribe form collected; the site sends no mail itself" },
      createdAt: { label: "Subscribed on" },
    },
    list: ["email", "createdAt"],
  },
}

export const COMPONENT_LABELS: Record<string, ViewLabels> = {
  "catalogue.seo": {
    fields: {
      title: {
        label: "Search and share title",
        description: "Replaces the page title in search results and link cards; the site's title template still applies: keep the whole under 60 characters",
      },
      description: {
        label: "Search and share description",
        description: "Replaces the page's own text under the title in search results and link cards; 70 to 160 characters read whole",
      },
      image: { label: "Share picture", description: "The picture a shared link shows (cropped to 1200 × 630); empty: the page's first picture" },
      image_alt: { label: "Share picture's text", description: "What the share picture shows, in words; empty: its alternative text in the Media Library" },
      canonical_url: {
        label: "Canonical address",
        description: "Only when this content officially lives at another address: search engines then credit that one",
        placeholder: "https://",
      },
      noindex: { label: "Hide from search engines", description: "TRUE: search engines are asked to leave the page out, and it leaves the sitemap" },
    },
  },
  "catalogue.tag": {
    fields: {
      title: { label: "Tag", description: "A word or two (at most 60 characters): a chip on the subcategory's page that filters its series" },
    },
  },
}
