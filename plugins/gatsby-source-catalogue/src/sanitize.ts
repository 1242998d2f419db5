import sanitizeHtml from "sanitize-html"

/**
 * What content editors may use in a description. Headings start at h2: the
 * page's own title is its only h1. Links keep only safe schemes.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "h2", "h3", "h4", "h5", "h6", "blockquote", "a"],
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    h1: "h2",
    // A link that opens a new tab must not hand the opener to the other site.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === "_blank" ? { ...attribs, rel: "noopener noreferrer" } : attribs,
    }),
  },
}

/** Catalogue HTML made safe to render; null or blank stays null. */
export function sanitizeDescription(html: string | null | undefined): string | null {
  if (typeof html !== "string") return null
  const clean = sanitizeHtml(html, OPTIONS).trim()
  return clean === "" ? null : clean
}
