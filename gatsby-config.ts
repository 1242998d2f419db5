import type { GatsbyConfig } from "gatsby"

const config: GatsbyConfig = {
  siteMetadata: {
    title: "MoveFlix",
    description: "Fitness, dance and entertainment videos: browse, search and watch.",
    siteUrl: process.env.SITE_URL || "http://localhost:9000",
  },
  // Types are written on build too, so `npm run typecheck` works without `gatsby develop`.
  graphqlTypegen: { typesOutputPath: "src/gatsby-types.d.ts", generateOnBuild: true },
  plugins: [
    "gatsby-plugin-styled-components",
    "gatsby-plugin-image",
    // Options come from API.md's environment variables; see the plugin's schema.
    "gatsby-source-catalogue",
  ],
}

export default config
