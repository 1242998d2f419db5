import type { Thing, WithContext } from "schema-dts"

/**
 * JSON for a <script> element. `<` becomes \u003c so no value (a title with
 * `</script>`, an HTML comment) can end the element or open markup; JSON
 * parsers read it back unchanged. U+2028/9 are escaped for old JS parsers.
 */
export function serializeJsonLd(object: WithContext<Thing>): string {
  return JSON.stringify(object)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")
}
