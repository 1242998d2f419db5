import type { GatsbyConfig } from "gatsby"
import { siteBuildEnv } from "./node-kit/config/site-build"
import { IMAGE_SLOTS, IMAGE_SLOT_OWNERS } from "./src/styles/image-slots"
import { theme } from "./src/styles/theme"

const siteUrl = (process.env.SITE_URL || "http://localhost:9000").replace(/\/+$/, "")
const build = siteBuildEnv()

const config: GatsbyConfig = {
  siteMetadata: {
    title: "MoveFlix",
    description: "Fitness, dance and entertainment videos: browse, search and watch.",
    // Canonical, Open Graph and sitemap addresses are absolute on it: set SITE_URL to the public address.
    siteUrl,
    // The API the visitor's browser calls for search and subscribe (catalogue-api.md).
    publicApiUrl: build.publicApiUrl,
  },
  // Gatsby 5's default, said aloud: canonical URLs and the sitemap name pages as "/series/12/".
  trailingSlash: "always",
  // Types are written on build too, so `npm run typecheck` works without `gatsby develop`; the
  // publisher's builds (SITE_TYPEGEN=off) type-check nothing, and skip it. Beside Gatsby's default
  // search paths, the page query's own module (gatsby/page-creation/page-query.ts).
  graphqlTypegen: {
    typesOutputPath: "src/gatsby-types.d.ts",
    generateOnBuild: process.env.SITE_TYPEGEN !== "off",
    documentSearchPaths: ["./gatsby-node.ts", "./plugins/**/gatsby-node.ts", "./gatsby/page-creation/page-query.ts"],
  },
  plugins: [
    "gatsby-plugin-styled-components",
    // Image data types and the `gatsbyImage` arguments; the site draws pictures itself (src/components/images/responsive-image.tsx).
    "gatsby-plugin-image",
    "gatsby-plugin-sharp",
    // The site's own pictures (home hero, search hero) as `childImageSharp` image data.
    { resolve: "gatsby-source-filesystem", options: { name: "site-images", path: `${__dirname}/src/images` } },
    "gatsby-transformer-sharp",
    // The image slots are the site's own (its CSS boxes decide the widths made); every other
    // option comes from catalogue-api.md's environment variables: see the plugin's schema.
    { resolve: "gatsby-source-catalogue", options: { imageSlots: IMAGE_SLOTS, imageSlotOwners: IMAGE_SLOT_OWNERS } },
    // Installable: the manifest lists icons drawn once and committed (scripts/draw/draw-app-icons.ts),
    // because the plugin's `icon` option resizes with a sharp that does not install here.
    {
      resolve: "gatsby-plugin-manifest",
      options: {
        name: "MoveFlix",
        short_name: "MoveFlix",
        description: "Fitness, dance and entertainment videos: browse, search and watch.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: theme.colors.background,
        theme_color: theme.colors.background,
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
        include_favicon: false,
        cache_busting_mode: "none",
      },
    },
    // The service worker (production builds only, never the preview's, whose drafts no device may keep): see the plugin and README "Offline and installable".
    // Both lanes list the same plugins, the preview with the worker off: Gatsby drops a cache whose plugin list
    // changed, and the preview's first build starts from the live lane's (docs/decisions/0019-one-build-room.md).
    { resolve: "gatsby-plugin-offline-workbox", options: { serviceWorker: !build.preview } },
  ],
}

export default config
