/** @jest-environment jsdom */
import { htmlToText } from "../../../contract/html-text/html-to-text"
import { htmlToTextInBrowser } from "../../../contract/html-text/html-to-text-dom"

// The build (htmlparser2) and the browser (DOMParser) read descriptions with
// two parsers and one rule: a card must show the same text either way.
const DESCRIPTIONS: [string, string | null][] = [
  ["<p>Episode 2 of <em>HIIT</em>.</p><ul><li>Warm up</li><li>Cool down</li></ul>", "Episode 2 of HIIT. Warm up Cool down"],
  ["<p>Tom &amp; Jerry &lt;3 &#8212; caf&#xe9;&nbsp;time</p>", "Tom & Jerry <3 — café time"],
  ["<h2>Title</h2>Line one<br>Line two", "Title Line one Line two"],
  ['<style>p{}</style><script>alert(1)</script><img src=x onerror="alert(2)">Plain <!-- note --> text', "Plain text"],
  ['<a href="#" title="a > b">link</a>ed', "linked"],
  ["<p> </p>", null],
  ["", null],
]

describe("htmlToText and htmlToTextInBrowser", () => {
  it.each(DESCRIPTIONS)("read %j as the same text", (html, text) => {
    expect(htmlToText(html)).toBe(text)
    expect(htmlToTextInBrowser(html)).toBe(text)
  })

  it("are null for no description", () => {
    expect(htmlToText(null)).toBeNull()
    expect(htmlToTextInBrowser(undefined)).toBeNull()
  })
})
