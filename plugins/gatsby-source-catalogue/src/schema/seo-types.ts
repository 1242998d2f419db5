import { NODE_TYPES } from "../constants"

const { Image, SiteSettings } = NODE_TYPES

/** Marketing metadata (catalogue-api.md, "Marketing metadata"): an entity's SEO fields, what every page's type has, and the site settings. */
export const SEO_TYPES = `
    "As sent by the CMS: the site's SEO checks judge and report these values."
    type CatalogueSeo {
      title: String
      description: String
      "The social image, when it could be used."
      image: ${Image} @link
      imageAlt: String
      "The image path the CMS named, kept to report a broken one."
      imageRequested: String
      canonicalUrl: String
      noindex: Boolean!
    }

    "What every type with a page has: its text, pictures and what search engines are told of it."
    interface CatalogueEntity implements Node @nodeInterface {
      id: ID!
      _id: String!
      title: String
      descriptionText: String
      images: [${Image}!]!
      seo: CatalogueSeo
      updatedAt: String
    }

    type ${SiteSettings} implements Node @dontInfer {
      "false when the backend has no site settings: every field is then empty."
      found: Boolean!
      siteName: String
      titleTemplate: String
      defaultDescription: String
      defaultImage: ${Image} @link
      defaultImageAlt: String
      twitterSite: String
      organizationName: String
      organizationLogo: ${Image} @link
      organizationSameAs: [String!]!
      "false on staging: every page noindex, robots.txt disallows all."
      allowIndexing: Boolean!
      "In a preview: the settings differ from the published ones."
      draft: Boolean!
      "The build is a preview lane's (CATALOGUE_PREVIEW_TOKEN was set)."
      previewLane: Boolean!
      "It shows the catalogue's draft view; false on the live lane and on a preview whose backend refused it."
      draftView: Boolean!
      "Why a preview shows the published catalogue; null otherwise."
      previewNote: String
    }
`
