import { plainText, sanitizeDescription } from "../../../../plugins/gatsby-source-catalogue/src/nodes/sanitize"

describe("sanitizeDescription", () => {
  it("keeps the allowed formatting", () => {
    const html = '<p>Hi <strong>there</strong> <em>you</em></p><ul><li>One</li></ul><ol><li>Two</li></ol><h3>Head</h3><a href="https://example.com/x">link</a>'
    expect(sanitizeDescription(html)).toBe(html)
  })

  it.each([
    ["<p>Hi</p><script>alert(1)</script>", "<p>Hi</p>"],
    ['<p onclick="steal()" style="color:red">Hi</p>', "<p>Hi</p>"],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="data:text/html,boo">x</a>', "<a>x</a>"],
    ['<img src="x" onerror="alert(1)">', null],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', "<p>ok</p>"],
    ["<svg><script>alert(1)</script></svg>", null],
    ["<style>body{display:none}</style><p>ok</p>", "<p>ok</p>"],
    ["<h1>Big</h1>", "<h2>Big</h2>"],
  ])("removes what could run or restyle: %s", (html, expected) => {
    expect(sanitizeDescription(html)).toBe(expected)
  })

  it("makes a new-tab link safe for its opener", () => {
    expect(sanitizeDescription('<a href="https://x.example" target="_blank">x</a>')).toBe('<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>')
  })

  // Reverse tabnabbing: browsers read the target keyword without regard to case, a named window is a new one too, and rel="opener" would undo noopener.
  it.each([
    ['<a href="https://x.example" target="_BLANK" rel="opener">x</a>', '<a href="https://x.example" target="_BLANK" rel="noopener noreferrer">x</a>'],
    ['<a href="https://x.example" target="foo">x</a>', '<a href="https://x.example" target="foo" rel="noopener noreferrer">x</a>'],
    ['<a href="https://x.example" target="_blank" rel="nofollow OPENER">x</a>', '<a href="https://x.example" target="_blank" rel="nofollow noopener noreferrer">x</a>'],
    ['<a href="https://x.example" target="_top" rel="noopener">x</a>', '<a href="https://x.example" target="_top" rel="noopener noreferrer">x</a>'],
  ])("gives every link that opens another window noopener noreferrer, and never opener: %s", (html, expected) => {
    expect(sanitizeDescription(html)).toBe(expected)
  })

  it("keeps only safe rel values on a link that stays in its window", () => {
    expect(sanitizeDescription('<a href="https://x.example" rel="opener">x</a>')).toBe('<a href="https://x.example">x</a>')
    expect(sanitizeDescription('<a href="https://x.example" target="_Self" rel="opener nofollow">x</a>')).toBe('<a href="https://x.example" target="_Self" rel="nofollow">x</a>')
  })

  it("turns null, missing and blank into null", () => {
    expect(sanitizeDescription(null)).toBeNull()
    expect(sanitizeDescription(undefined)).toBeNull()
    expect(sanitizeDescription("  ")).toBeNull()
  })
})

describe("plainText", () => {
  it.each([
    ["<b>Warm-up</b> &amp; mobility", "Warm-up & mobility"],
    ["<script>alert(1)</script>Cool-down", "Cool-down"],
    ["&lt;script&gt;alert(1)&lt;/script&gt;Cool-down", "Cool-down"],
    ["&lt;img src=x onerror=alert(1)&gt;Stretch", "Stretch"],
    ["a <<b>b> c", "a c"],
    ["&amp;lt;b&amp;gt; stays spelled out", "&lt;b&gt; stays spelled out"],
    ["3 &lt; 5 and <3", "3 < 5 and <3"],
    ["Line\none\ttab\u0000nul\u0007bell\u0085next\u202eoverride\u2066isolate\ufeffbom", "Line one tab nul bell next override isolate bom"],
    ["lone \ud800 surrogate", "lone surrogate"],
    ["javascript:alert(1)", "javascript:alert(1)"],
    ["   ", ""],
  ])("leaves plain text only: %j", (input, expected) => {
    expect(plainText(input)).toBe(expected)
  })

  it("keeps the marks right-to-left captions use", () => {
    expect(plainText("&rlm;שלום&lrm;")).toBe("\u200fשלום\u200e")
  })

  it("cuts at maxLength characters, whole characters, with an ellipsis", () => {
    expect(plainText("Warm-up and mobility", 8)).toBe("Warm-up…")
    expect(plainText("😀😀😀", 2)).toBe("😀…")
  })
})
