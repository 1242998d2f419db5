// The one query page creation runs (gatsby-node.ts createPages): every
// catalogue entity's id, its place, and what its page's head is decided
// from. The magic comment lets graphql typegen find it here and type it as
// Queries.CreatePagesQuery (gatsby-config.ts `documentSearchPaths`).

/** The ids, places and SEO fields of every catalogue page, with the site-wide settings. */
export const PAGE_QUERY = /* GraphQL */ `
  # The social image size Open Graph and X (Twitter) cards expect.
  fragment SeoSocialImage on CatalogueImage {
    resize: social {
      src
      width
      height
    }
  }
  fragment SeoEntity on CatalogueEntity {
    updatedAt
    descriptionText
    images {
      ...SeoSocialImage
    }
    seo {
      title
      description
      image {
        ...SeoSocialImage
      }
      imageAlt
      imageRequested
      canonicalUrl
      noindex
    }
  }
  query CreatePages {
    site {
      siteMetadata {
        siteUrl
        title
        description
      }
    }
    catalogueSiteSettings {
      found
      siteName
      titleTemplate
      defaultDescription
      defaultImage {
        ...SeoSocialImage
      }
      defaultImageAlt
      twitterSite
      organizationName
      organizationLogo { resize(width: 512, format: PNG) { src width height } }
      organizationSameAs
      allowIndexing
      previewLane
    }
    builtInImage: file(sourceInstanceName: { eq: "site-images" }, name: { eq: "home-hero-1" }) {
      childImageSharp {
        resize(width: 1200, height: 630, cropFocus: CENTER, toFormat: JPG) { src width height }
      }
    }
    allCatalogueCategory {
      nodes {
        id
        _id
        title
        pageSubTitle
        shortDesc
        subcategoryIds
        subcategories { updatedAt }
        ...SeoEntity
      }
    }
    allCatalogueSubcategory {
      nodes {
        id
        _id
        title
        shortDesc
        categoryId
        series { updatedAt }
        ...SeoEntity
      }
    }
    allCatalogueSeries {
      nodes {
        id
        _id
        title
        subcategoryId
        episodes { updatedAt }
        ...SeoEntity
      }
    }
    allCatalogueEpisode {
      nodes {
        id
        _id
        title
        seriesId
        playerEmbedUrl
        videoDurationSeconds
        videoReleaseTime
        videoPictureUrl
        chapters {
          start
          end
          title
        }
        transcripts {
          language
          paragraphs {
            text
          }
        }
        series {
          id
        }
        subcategory {
          id
        }
        ...SeoEntity
      }
    }
  }
`
