import sanitizeHtml from "sanitize-html"
import { htmlToText } from "../../../../contract/html-text/html-to-text"

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
  const values = (rel ?? "")
    .toLowerCase()
    .split(/\s+/)
    .filter((value) => SAFE_REL.has(value))
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

/** Markup that decoded text could still spell out: `<script>`, `</p>`, `<!--`, `<?xml`. */
const TAG_LIKE = /<[a-z!/?][^<>]*>/gi

/**
 * Characters no reader sees that change what a page shows: C0 and C1
 * controls (whitespace was collapsed before), the bidirectional embeddings,
 * overrides and isolates that can reorder text, byte order marks,
 * noncharacters and lone surrogates. The marks &lrm; and &rlm; stay: right-
 * to-left captions use them.
 */
// eslint-disable-next-line no-control-regex -- control characters are among the invisible ones removed
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * Text from the video host (a chapter's title, a track's label, a caption's
 * words) as plain text only: markup dropped as a browser would not show it
 * (a script's or style's content with it), character references decoded
 * once, and what that decoding spelled out (`&lt;script&gt;`) dropped too;
 * invisible controls removed, whitespace collapsed, at most `maxLength`
 * characters. React escapes it anyway; this keeps markup out of the data
 * (structured data, feeds) as well. Empty when nothing readable is left.
 */
export function plainText(text: string, maxLength = Number.POSITIVE_INFINITY): string {
  let clean = htmlToText(text) ?? ""
  // Only markup the decoding spelled out is read again, with its & kept as written: decoded once, never twice.
  if (/<[a-z!/?]/i.test(clean)) clean = htmlToText(clean.replace(/&/g, "&amp;")) ?? ""
  for (let previous = ""; previous !== clean;) {
    previous = clean
    clean = clean.replace(TAG_LIKE, " ")
  }
  clean = clean.replace(INVISIBLE, " ").replace(/\s+/g, " ").trim()
  const characters = Array.from(clean)
  return characters.length > maxLength
    ? `${characters
        .slice(0, maxLength - 1)
        .join("")
        .trimEnd()}…`
    : clean
}
