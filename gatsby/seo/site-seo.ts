import type { SocialImage } from "../../src/seo/page-head"
import { cleanText, isHttpUrl, type SiteSeo } from "./resolve-page-seo"

/** The CMS's site settings as sourced (CatalogueSiteSettings), social images already at 1200×630. */
export interface SourcedSiteSettings {
  found: boolean
  siteName: string | null
  titleTemplate: string | null
  defaultDescription: string | null
  defaultImage: SocialImage | null
  twitterSite: string | null
  organizationName: string | null
  organizationLogoUrl: string | null
  organizationSameAs: readonly string[]
  allowIndexing: boolean
}

/** What the site says when the CMS says nothing. */
export interface BuiltInSeo {
  siteUrl: string
  siteName: string
  description: string
  /** The home page's own hero picture at 1200×630. */
  image: SocialImage | null
}

/**
 * The site-wide SEO values, each from the site settings when they give a
 * usable one, else from the built-in defaults; what was unusable becomes a
 * warning naming the field.
 */
export function resolveSiteSeo(settings: SourcedSiteSettings, builtIn: BuiltInSeo): SiteSeo {
  const warnings: string[] = []
  const siteName = cleanText(settings.siteName, "site settings site_name", warnings)
  const name = siteName ?? builtIn.siteName

  let titleTemplate = `%s | ${name}`
  let titleTemplateSource: SiteSeo["titleTemplateSource"] = "built-in default"
  const template = cleanText(settings.titleTemplate, "site settings title_template", warnings)
  if (template) {
    if (template.split("%s").length === 2) {
      titleTemplate = template
      titleTemplateSource = "site settings"
    } else {
      warnings.push(`site settings title_template ${JSON.stringify(template)} needs exactly one %s for the page title; the built-in "${titleTemplate}" is used`)
    }
  }

  const description = cleanText(settings.defaultDescription, "site settings default_description", warnings)
  const twitter = cleanText(settings.twitterSite, "site settings twitter_site", warnings)
  if (twitter && !/^@\w{1,15}$/.test(twitter)) warnings.push(`site settings twitter_site ${JSON.stringify(twitter)} is not an @handle`)

  const sameAs = settings.organizationSameAs.filter((url) => {
    if (isHttpUrl(url)) return true
    warnings.push(`site settings organization.same_as ${JSON.stringify(url)} is not an absolute http(s) URL and was left out`)
    return false
  })

  return {
    siteUrl: builtIn.siteUrl.replace(/\/+$/, ""),
    siteName: name,
    siteNameSource: siteName ? "site settings" : "built-in default",
    titleTemplate,
    titleTemplateSource,
    defaultDescription: description ?? builtIn.description,
    defaultDescriptionSource: description ? "site settings" : "built-in default",
    defaultImage: settings.defaultImage ?? builtIn.image,
    defaultImageSource: settings.defaultImage ? "site settings" : "built-in default",
    twitterSite: twitter && /^@\w{1,15}$/.test(twitter) ? twitter : null,
    organization: {
      name: cleanText(settings.organizationName, "site settings organization.name", warnings) ?? name,
      logoUrl: settings.organizationLogoUrl,
      sameAs,
    },
    allowIndexing: settings.allowIndexing,
    warnings,
  }
}
