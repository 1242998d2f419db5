import type { ApiSiteSettings } from "../../../../../contract/schemas"
import { NODE_TYPES } from "../../constants"
import { nodeBuilder, text, type GatsbyApi, type NodeLinks } from "../node-builder"
import type { CatalogueView } from "../../crawl/view"

/** The one settings node has a fixed upstream id, since the API's has none. */
export const SITE_SETTINGS_ID = "site"

/**
 * The CatalogueSiteSettings node. It always exists, with `found: false` and
 * empty fields when the backend has no settings, so a query for it never
 * fails and the site's built-in defaults take over field by field. It also
 * says which view of the catalogue the build shows (a preview's, or the live one).
 */
export function createSiteSettingsNode(gatsbyApi: GatsbyApi, settings: ApiSiteSettings | null, links: NodeLinks, view: CatalogueView): string {
  const organization = settings?.organization
  return nodeBuilder(gatsbyApi, NODE_TYPES.SiteSettings, SITE_SETTINGS_ID, {
    found: settings !== null,
    siteName: text(settings?.site_name),
    titleTemplate: text(settings?.title_template),
    defaultDescription: text(settings?.default_description),
    defaultImage: settings?.default_image ? (links.imageNodes([settings.default_image])[0] ?? null) : null,
    defaultImageAlt: text(settings?.default_image?.alt),
    twitterSite: text(settings?.twitter_site),
    organizationName: text(organization?.name),
    organizationLogo: organization?.logo ? (links.imageNodes([organization.logo])[0] ?? null) : null,
    organizationSameAs: (organization?.same_as ?? []).filter((url) => typeof url === "string"),
    // Only an explicit false switches indexing off: a backend without the field is a live site.
    allowIndexing: settings?.allow_indexing !== false,
    draft: settings?.draft === true,
    previewLane: view.preview,
    draftView: view.draftView,
    previewNote: view.note,
  })
}
