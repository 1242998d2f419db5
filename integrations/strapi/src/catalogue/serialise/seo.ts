import type { ApiSeo } from "./answers"
import type { SeoComponent } from "./documents"
import { uploadPath } from "./media"

const filled = (text: string | null | undefined): text is string => typeof text === "string" && text.trim() !== ""

/**
 * The catalogue.seo component as the contract's `seo`: only the fields the
 * marketing staff filled in (`noindex` only when it asks for it), and
 * undefined when none is, since catalogue-api.md lets a backend leave `seo`
 * out and the site then falls back to the entity's own text.
 */
export function seoOf(component: SeoComponent | null | undefined): ApiSeo | undefined {
  if (!component) return undefined
  const seo: ApiSeo = {}
  if (filled(component.title)) seo.title = component.title
  if (filled(component.description)) seo.description = component.description
  const path = uploadPath(component.image)
  if (path !== undefined) {
    const alt = filled(component.image_alt) ? component.image_alt : component.image?.alternativeText
    seo.image = filled(alt) ? { path, alt } : { path }
  }
  if (filled(component.canonical_url)) seo.canonical_url = component.canonical_url
  if (component.noindex === true) seo.noindex = true
  return Object.keys(seo).length > 0 ? seo : undefined
}
