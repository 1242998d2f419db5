import { ANSWERS } from "../../../contract/schemas"
import { differsFromPublished } from "../../../integrations/strapi/src/catalogue/serialise/draft-flag"
import type { CategoryDocument, EpisodeDocument, SeriesDocument } from "../../../integrations/strapi/src/catalogue/serialise/documents"
import { toCategory, toEpisode, toFeaturedItem, toSeries, toSubcategory } from "../../../integrations/strapi/src/catalogue/serialise/entities"
import { markdownToHtml } from "../../../integrations/strapi/src/catalogue/serialise/markdown"
import { seoOf } from "../../../integrations/strapi/src/catalogue/serialise/seo"
import { toSiteSettings } from "../../../integrations/strapi/src/catalogue/serialise/site-settings"

// The Strapi integration's serialisers: Strapi documents (as its Document
// Service hands them out) in, the contract's answers out, checked with the
// contract's own schemas (contract/schemas.ts).

const PICTURE = { url: "/uploads/yoga_3f2a.jpg", alternativeText: "A mat by a window" }

const category: CategoryDocument = {
  documentId: "k3v9x2b7m1q8w4e6r5t0y1u2",
  updatedAt: "2025-03-01T10:20:30.456Z",
  title: "Fitness",
  short_desc: "Sweat at home.",
  page_title: "Train anywhere",
  page_sub_title: null,
  description: "Our **fitness** library:\n\n- Strength\n- Yoga",
  images: [PICTURE, { url: "" }, { url: "https://cdn.example.com/b.jpg" }],
  seo: null,
}

describe("a category", () => {
  it("is the contract's Category: the documentId as its id, Markdown as HTML, the uploads' URLs as images", () => {
    const served = toCategory(category)
    expect(ANSWERS.category.safeParse({ data: served }).success).toBe(true)
    expect(served).toEqual({
      id: "k3v9x2b7m1q8w4e6r5t0y1u2",
      title: "Fitness",
      short_desc: "Sweat at home.",
      page_title: "Train anywhere",
      page_sub_title: null,
      description: "<p>Our <strong>fitness</strong> library:</p>\n<ul>\n<li>Strength</li>\n<li>Yoga</li>\n</ul>",
      images: [{ path: "/uploads/yoga_3f2a.jpg" }, { path: "https://cdn.example.com/b.jpg" }],
      updated_at: "2025-03-01T10:20:30.456Z",
    })
  })

  it("leaves seo out when the component is missing or every field of it is empty, and draft out of the published view", () => {
    expect(toCategory({ ...category, seo: { title: "", description: "  ", image: null, image_alt: "", canonical_url: null, noindex: false } })).not.toHaveProperty("seo")
    expect(toCategory(category)).not.toHaveProperty("draft")
  })

  it("carries draft as given in the draft view", () => {
    expect(toCategory(category, true).draft).toBe(true)
    expect(toCategory(category, false).draft).toBe(false)
  })

  it("gives every text field, null when the editor left it empty, and an empty image list", () => {
    const bare = toCategory({ documentId: "c1", updatedAt: new Date(Date.UTC(2025, 0, 31, 12)) })
    expect(bare).toEqual({
      id: "c1",
      title: null,
      short_desc: null,
      page_title: null,
      page_sub_title: null,
      description: null,
      images: [],
      updated_at: "2025-01-31T12:00:00.000Z",
    })
  })
})

describe("seo", () => {
  it("keeps the fields filled in, the picture with its alt text (the component's, else the upload's)", () => {
    expect(seoOf({ title: "Fitness classes", description: "Work out", image: PICTURE, image_alt: "", canonical_url: "https://example.com/f", noindex: true })).toEqual({
      title: "Fitness classes",
      description: "Work out",
      image: { path: "/uploads/yoga_3f2a.jpg", alt: "A mat by a window" },
      canonical_url: "https://example.com/f",
      noindex: true,
    })
    expect(seoOf({ image: { url: "/uploads/x.jpg" }, image_alt: "Sunrise" })).toEqual({ image: { path: "/uploads/x.jpg", alt: "Sunrise" } })
    expect(seoOf({ image: { url: "/uploads/x.jpg" } })).toEqual({ image: { path: "/uploads/x.jpg" } })
  })

  it("says nothing of noindex unless it asks search engines to stay away", () => {
    expect(seoOf({ title: "T", noindex: false })).toEqual({ title: "T" })
  })

  it("passes the contract's Seo schema on an entity", () => {
    const served = toSeries({ documentId: "s1", updatedAt: "2025-03-01T00:00:00Z", seo: { title: "T", image: PICTURE, noindex: true } })
    expect(ANSWERS.series.safeParse({ data: served }).success).toBe(true)
  })
})

describe("Markdown", () => {
  it("becomes HTML, raw HTML passing through for the site to sanitise", () => {
    expect(markdownToHtml("A [link](https://example.com) and <em>emphasis</em>.")).toBe('<p>A <a href="https://example.com">link</a> and <em>emphasis</em>.</p>')
  })

  it("is null when there is none", () => {
    expect(markdownToHtml(null)).toBeNull()
    expect(markdownToHtml(undefined)).toBeNull()
    expect(markdownToHtml(" \n ")).toBeNull()
  })
})

describe("the draft flag", () => {
  it("is true for a document never published", () => {
    expect(differsFromPublished("2025-03-01T10:00:00.000Z", undefined)).toBe(true)
    expect(differsFromPublished("2025-03-01T10:00:00.000Z", null)).toBe(true)
  })

  it("is true when the draft was saved after the published version, as Strapi's content manager says Modified", () => {
    expect(differsFromPublished("2025-03-01T10:00:00.001Z", "2025-03-01T10:00:00.000Z")).toBe(true)
    expect(differsFromPublished(new Date("2025-03-02T00:00:00Z"), "2025-03-01T00:00:00Z")).toBe(true)
  })

  it("is false when the published version is the draft as saved (publishing copies its stamp) or newer", () => {
    expect(differsFromPublished("2025-03-01T10:00:00.000Z", "2025-03-01T10:00:00.000Z")).toBe(false)
    expect(differsFromPublished("2025-03-01T10:00:00.000Z", new Date("2025-03-01T11:00:00Z"))).toBe(false)
  })
})

describe("the other entities", () => {
  const series: SeriesDocument = {
    documentId: "s100",
    updatedAt: "2025-03-01T00:00:00.000Z",
    title: "30-Day HIIT Challenge",
    description: "One month.",
    tags: [{ title: "Challenge" }, null, { title: "Advanced" }],
    images: [PICTURE],
  }

  it("a series carries its tags as titles", () => {
    const served = toSeries(series)
    expect(served.tags).toEqual([{ title: "Challenge" }, { title: "Advanced" }])
    expect(ANSWERS.series.safeParse({ data: served }).success).toBe(true)
  })

  it("a subcategory names its category by documentId, from the relation or from the category it is listed under", () => {
    expect(toSubcategory({ documentId: "sc1", category: { documentId: "c9" } }).category_id).toBe("c9")
    expect(toSubcategory({ documentId: "sc1" }, undefined, "c1").category_id).toBe("c1")
    expect(toSubcategory({ documentId: "sc1" }).category_id).toBeNull()
  })

  const episode: EpisodeDocument = {
    documentId: "e1002",
    updatedAt: "2025-03-01T00:00:00.000Z",
    title: "Day 1",
    episode: 1,
    video_path: "76979871",
    video_id: "76979871",
    description: null,
    images: [],
    series: { documentId: "s100", title: "30-Day", sub_category: { documentId: "sc10", title: "HIIT" } },
  }

  it("an episode serves video_path as path and its series' subcategory as sub_category_id", () => {
    const served = toEpisode(episode)
    expect(served).toMatchObject({ id: "e1002", path: "76979871", series_id: "s100", sub_category_id: "sc10", episode: 1, video_id: "76979871" })
    expect(ANSWERS.episode.safeParse({ data: served }).success).toBe(true)
  })

  it("an episode listed under its series takes the series and subcategory it is listed under", () => {
    expect(toEpisode({ ...episode, series: null }, false, { seriesId: "s7", subCategoryId: null })).toMatchObject({ series_id: "s7", sub_category_id: null, draft: false })
  })

  it("a featured item lists its categories as { id, title }, in the editor's order", () => {
    const served = toFeaturedItem({
      documentId: "f1",
      title: "Get fit",
      position: 2,
      categories: [
        { documentId: "c2", title: "Fitness" },
        { documentId: "c1", title: null },
      ],
    })
    expect(served.category).toEqual([
      { id: "c2", title: "Fitness" },
      { id: "c1", title: null },
    ])
    expect(served.position).toBe(2)
    expect(ANSWERS.featuredCollections.safeParse({ data: [served] }).success).toBe(true)
  })
})

describe("the site settings", () => {
  it("gather the single type's flat fields into the contract's default_image and organization", () => {
    const served = toSiteSettings({
      documentId: "ss",
      site_name: "MoveFlix",
      title_template: "%s | MoveFlix",
      default_description: "Stream workouts.",
      default_image: PICTURE,
      default_image_alt: "",
      twitter_site: "@moveflix",
      organization_name: "MoveFlix Ltd",
      organization_logo: { url: "/uploads/logo.png" },
      organization_same_as: ["https://x.com/moveflix", 3, "", "https://www.youtube.com/@moveflix"],
      allow_indexing: false,
    })
    expect(served).toEqual({
      site_name: "MoveFlix",
      title_template: "%s | MoveFlix",
      default_description: "Stream workouts.",
      default_image: { path: "/uploads/yoga_3f2a.jpg", alt: "A mat by a window" },
      twitter_site: "@moveflix",
      organization: { name: "MoveFlix Ltd", logo: { path: "/uploads/logo.png" }, same_as: ["https://x.com/moveflix", "https://www.youtube.com/@moveflix"] },
      allow_indexing: false,
    })
    expect(ANSWERS.siteSettings.safeParse({ data: served }).success).toBe(true)
  })

  it("leave out an organization and a default image nobody filled in, and carry draft in the draft view", () => {
    const served = toSiteSettings({ documentId: "ss", organization_same_as: null }, true)
    expect(served).toMatchObject({ default_image: null, organization: null, draft: true })
    expect(ANSWERS.siteSettings.safeParse({ data: served }).success).toBe(true)
  })
})
