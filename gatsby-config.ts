import type { GatsbyConfig } from "gatsby"

const config: GatsbyConfig = {
  siteMetadata: {
    title: "MoveFlix",
    description: "Fitness, dance and entertainment videos: browse, search and watch.",
    siteUrl: process.env.SITE_URL || "http://localhost:9000",
    // The API the visitor's browser calls for search and subscribe (API.md).
    publicApiUrl: process.env.CATALOGUE_PUBLIC_API_URL || process.env.CATALOGUE_API_URL || "http://127.0.0.1:4000/api",
  },
  // Types are written on build too, so `npm run typecheck` works without `gatsby develop`.
  graphqlTypegen: { typesOutputPath: "src/gatsby-types.d.ts", generateOnBuild: true },
  plugins: [
    "gatsby-plugin-styled-components",
    // Image data types and the `gatsbyImage` arguments; the site draws pictures itself (src/components/responsive-image.tsx).
    "gatsby-plugin-image",
    "gatsby-plugin-sharp",
    // The site's own pictures (home hero, search hero) as `childImageSharp` image data.
    { resolve: "gatsby-source-filesystem", options: { name: "site-images", path: `${__dirname}/src/images` } },
    "gatsby-transformer-sharp",
    // Options come from API.md's environment variables; see the plugin's schema.
    "gatsby-source-catalogue",
  ],
}

export default config
