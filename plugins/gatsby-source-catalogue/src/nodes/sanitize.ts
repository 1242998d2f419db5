import sanitizeHtml from "sanitize-html"

/**
 * `rel` values an editor may set. Anything else goes: `opener` in particular,
 * which would hand our window to the linked site (reverse tabnabbing).
 */
const SAFE_REL = new Set(["nofollow", "noopener", "noreferrer", "ugc", "sponsored", "external"])

/**
 * A link's `rel`, reduced to the safe values; a link that opens in another
 * window (any target but `_self`: `_blank`, `_BLANK`, a named window) always
 * gets `noopener noreferrer`, since browsers match the keyword without regard
 * to case and a named window is a new one too. Null when nothing is left.
 */
function safeRel(rel: string | undefined, target: string | undefined): string | null {
  const values = (rel ?? "").toLowerCase().split(/\s+/).filter((value) => SAFE_REL.has(value))
  const opensElsewhere = target !== undefined && target.trim().toLowerCase() !== "_self"
  if (opensElsewhere) values.push("noopener", "noreferrer")
  const kept = [...new Set(values)]
  return kept.length > 0 ? kept.join(" ") : null
}

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
    // A link that opens another window must not hand the opener to the other site.
    a: (tagName, attribs) => {
      const { rel, ...rest } = attribs
      const kept = safeRel(rel, attribs.target)
      return { tagName, attribs: kept === null ? rest : { ...rest, rel: kept } }
    },
  },
}

/** Catalogue HTML made safe to render; null or blank stays null. */
export function sanitizeDescription(html: string | null | undefined): string | null {
  if (typeof html !== "string") return null
  const clean = sanitizeHtml(html, OPTIONS).trim()
  return clean === "" ? null : clean
}
