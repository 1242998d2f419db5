import { escapeHtml, html, Markup, raw } from "../../../node-kit/http/html"

describe("html", () => {
  it("escapes every value by default, in text and attributes alike", () => {
    const hostile = `"><script>alert('x')</script>&`
    expect(html`<a title="${hostile}">${hostile}</a>`.text).toBe(
      '<a title="&#34;&#62;&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;&#38;">&#34;&#62;&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;&#38;</a>',
    )
    expect(escapeHtml("Tom & Jerry <3")).toBe("Tom &#38; Jerry &#60;3")
  })

  it("inserts nested html and raw markup as they are, joins lists, and prints nothing for null, undefined and false", () => {
    const items = ["a<b", "c"].map((item) => html`<li>${item}</li>`)
    const result = html`<ul>${items}</ul>${null}${undefined}${false}${0}<style>${raw("p > b { color: red }")}</style>`
    expect(result).toBeInstanceOf(Markup)
    expect(String(result)).toBe("<ul><li>a&#60;b</li><li>c</li></ul>0<style>p > b { color: red }</style>")
  })
})
