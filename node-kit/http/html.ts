/**
 * HTML built from values that came from outside (CMS titles, build logs,
 * webhook refs): every value is escaped unless it is Markup, so forgetting to
 * escape one is impossible and trusting one takes a visible `raw()`.
 * Used by the SEO report, the publisher's status page and the CMS's player page.
 */

/** Markup built by `html` (or vouched for with `raw`): the only thing `html` inserts unescaped. */
export class Markup {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text
  }
}

/** What a `${…}` in an `html` template may hold: lists are joined, null, undefined and false print nothing. */
export type Fragment = Markup | string | number | null | undefined | false | readonly Fragment[]

/**
 * Escapes the five characters that matter in text and in quoted attribute
 * values alike, so callers need not know which they are in. Numeric
 * references (`&#60;`), the form the status page and the player page have
 * always written.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function toHtml(fragment: Fragment | undefined): string {
  if (fragment instanceof Markup) return fragment.text
  if (Array.isArray(fragment)) return fragment.map(toHtml).join("")
  if (fragment === null || fragment === undefined || fragment === false) return ""
  return escapeHtml(String(fragment))
}

/** The tagged template: `html\`<p>${title}</p>\`` escapes `title`; nested `html` results pass through as they are. */
export function html(strings: TemplateStringsArray, ...values: Fragment[]): Markup {
  return new Markup(strings.reduce((out, text, index) => out + toHtml(values[index - 1]) + text))
}

/**
 * The escape hatch: text trusted as markup as it stands, such as a style
 * sheet written in the source. Never for anything that came from outside.
 */
export function raw(trustedMarkup: string): Markup {
  return new Markup(trustedMarkup)
}
