import type { ApiSiteSettings } from "./answers"
import type { SiteSettingDocument } from "./documents"
import { uploadPath } from "./media"

const text = (value: string | null | undefined): string | null => (typeof value === "string" && value !== "" ? value : null)

/** The organization's `same_as`: the JSON field's strings, whatever else an editor typed into it. */
function sameAs(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string" && entry !== "") : []
}

/**
 * The site-setting single type as the contract's SiteSettings: its flat
 * fields (an editor fills them in one form) gathered into `default_image`
 * and `organization`, each null when nothing of it is filled in.
 */
export function toSiteSettings(document: SiteSettingDocument, draft?: boolean): ApiSiteSettings {
  const imagePath = uploadPath(document.default_image)
  const logoPath = uploadPath(document.organization_logo)
  const organization = {
    name: text(document.organization_name),
    logo: logoPath === undefined ? null : { path: logoPath },
    same_as: sameAs(document.organization_same_as),
  }
  return {
    site_name: text(document.site_name),
    title_template: text(document.title_template),
    default_description: text(document.default_description),
    default_image: imagePath === undefined ? null : { path: imagePath, alt: text(document.default_image_alt) ?? text(document.default_image?.alternativeText) },
    twitter_site: text(document.twitter_site),
    organization: organization.name === null && organization.logo === null && organization.same_as.length === 0 ? null : organization,
    allow_indexing: document.allow_indexing ?? null,
    ...(draft === undefined ? {} : { draft }),
  }
}
