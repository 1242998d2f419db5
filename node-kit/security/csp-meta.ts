import { contentSecurityPolicy, type SiteSources } from "./headers"

/**
 * A page's Content-Security-Policy in the page itself, for hosts that cannot
 * send each page its own header (object stores, Cloudflare Pages past 100
 * rules): with it, the headers a host sends are the same for every page. A
 * meta cannot carry every directive: the rest is what the header adds.
 */

/**
 * Directives a policy in `<meta http-equiv>` cannot carry: browsers ignore
 * them there (CSP 3, "Delivery via meta element"), so only a header sends them.
 */
const HEADER_ONLY_DIRECTIVES = new Set(["frame-ancestors", "report-uri", "report-to", "sandbox"])

const isHeaderOnly = (directive: string) => HEADER_ONLY_DIRECTIVES.has(directive.split(/\s/, 1)[0]!.toLowerCase())
const directivesOf = (policy: string) =>
  policy
    .split(";")
    .map((directive) => directive.trim())
    .filter(Boolean)

/** `csp` as a page's `<meta http-equiv>` carries it: without the directives a meta cannot carry (a browser warns of each). */
export function metaPolicy(csp: string): string {
  return directivesOf(csp)
    .filter((directive) => !isHeaderOnly(directive))
    .join("; ")
}

/**
 * The part of the site's CSP only a header can send (frame-ancestors 'none'),
 * the same for every page: what a host that sends one header set for every
 * page adds to the policy each page carries in its meta.
 */
export function headerOnlyPolicy(sources: SiteSources): string {
  return directivesOf(contentSecurityPolicy({ scripts: [], styles: [], styleAttributes: [] }, sources))
    .filter(isHeaderOnly)
    .join("; ")
}

/**
 * Where the meta goes: right after `<head>`, or after the charset declaration
 * when that opens the head. A meta policy governs only what comes after it,
 * and the charset must stay in the first 1024 bytes (a home page's policy is
 * 2 300 characters), where a browser looks for it when the host's
 * Content-Type names none, as object stores' often do.
 */
const HEAD_OPENING = /<head(?:\s[^>]*)?>(?:\s*<meta\s+charset\s*=\s*["']?[\w-]+["']?\s*\/?>)?/i
/** Without `<head>` (its tag is optional), after `<html>`: the parser still puts the meta in the head. */
const HTML_OPENING = /^(?:\s*<!doctype[^>]*>)?\s*(?:<html(?:\s[^>]*)?>)?/i
/** The meta as cspMetaTag writes it, with any policy. */
const META_AS_WRITTEN = /<meta http-equiv="Content-Security-Policy" content="[^"]*"\/>/
/** At the meta's place only: one a build left there is replaced, never doubled. */
const WRITTEN_META = new RegExp(META_AS_WRITTEN.source, "y")

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;")

/** The `<meta http-equiv>` carrying `csp`, less what a meta cannot carry (metaPolicy); self-closed as Gatsby writes its metas. */
export function cspMetaTag(csp: string): string {
  return `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(metaPolicy(csp))}"/>`
}

/**
 * `html` with `csp` in a meta at the start of its head (HEAD_OPENING), the
 * meta a build put there before replaced; the very same string when it
 * already holds that meta. Nothing else moves: inline code, and so its
 * hashes, are unchanged.
 */
export function withCspMeta(html: string, csp: string): string {
  const opening = HEAD_OPENING.exec(html) ?? HTML_OPENING.exec(html)
  const at = opening ? opening.index + opening[0].length : 0
  WRITTEN_META.lastIndex = at
  const previous = WRITTEN_META.exec(html)?.[0] ?? ""
  const tag = cspMetaTag(csp)
  return previous === tag ? html : `${html.slice(0, at)}${tag}${html.slice(at + previous.length)}`
}

/** `html` without the meta withCspMeta put in it: what the page was before the security step. */
export function withoutCspMeta(html: string): string {
  return html.replace(META_AS_WRITTEN, "")
}
