import { textOf } from "../../../src/components/text-of"

describe("textOf", () => {
  it("turns sanitised HTML into one line of text", () => {
    expect(textOf("<p>Episode 2 of <em>HIIT</em>.</p><ul><li>Warm up</li></ul>")).toBe("Episode 2 of HIIT. Warm up")
  })

  it("decodes entities so card text never shows them raw", () => {
    expect(textOf("<p>Tom &amp; Jerry &lt;3 &#8212; caf&#xe9;&nbsp;time</p>")).toBe("Tom & Jerry <3 — café time")
  })

  it("is null for nothing to show", () => {
    expect(textOf(null)).toBeNull()
    expect(textOf("<p> </p>")).toBeNull()
  })
})
