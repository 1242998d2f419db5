import { cueWords } from "../../../../plugins/gatsby-source-catalogue/src/transcripts/cue-text"

describe("cueWords", () => {
  it("drops VTT markup, keeping the words of class, italic, bold, underline and language spans", () => {
    expect(cueWords("<c.loud>Push</c> <i>through</i> the <b>last</b> <u>ten</u> <lang es>segundos</lang>!")).toEqual({ speaker: null, text: "Push through the last ten segundos!" })
  })

  it("takes the first voice span's name as the speaker", () => {
    expect(cueWords("<v.first.loud Coach Ana>Ready?</v> <v Crowd>Yes!")).toEqual({ speaker: "Coach Ana", text: "Ready? Yes!" })
    expect(cueWords("<v>Nobody named")).toEqual({ speaker: null, text: "Nobody named" })
  })

  it("joins lines with a space and drops timestamp tags and ruby text", () => {
    expect(cueWords("Five, six,\n<00:00:03.000>seven, eight")).toEqual({ speaker: null, text: "Five, six, seven, eight" })
    expect(cueWords("<ruby>漢字<rt>かんじ</rt></ruby> practice")).toEqual({ speaker: null, text: "漢字 practice" })
  })

  it("decodes character references once", () => {
    expect(cueWords("Rock &amp; roll &lt;3, caf&eacute; &#233; &#x1F600; &nbsp;x &amp;lt;b&amp;gt;").text).toBe("Rock & roll <3, café é 😀 x &lt;b&gt;")
  })

  it("leaves no markup, script or control character, whether written, escaped or left open", () => {
    expect(cueWords("&lt;script&gt;alert(1)&lt;/script&gt;Stretch").text).toBe("Stretch")
    expect(cueWords("&lt;img src=x onerror=alert(1)&gt;Breathe").text).toBe("Breathe")
    expect(cueWords("<script>alert(1)</script>Hold").text).toBe("alert(1)Hold")
    expect(cueWords("Hold \u0007the\u0000 \u202epose\u0085 \ufeffnow").text).toBe("Hold the pose now")
    expect(cueWords("Unfinished <b").text).toBe("Unfinished")
    expect(cueWords("<v <script>alert(1)</script>>Hi").speaker).not.toMatch(/[<>]/)
  })

  it("keeps a javascript: URL as the words it is: plain text, never a link", () => {
    expect(cueWords("<c.url>javascript:alert(1)</c>")).toEqual({ speaker: null, text: "javascript:alert(1)" })
  })
})
