import { htmlToText } from "../../../contract/html-text/html-to-text"

describe("htmlToText", () => {
  it.each([
    ["<p>One</p><p>Two</p>", "One Two"],
    ["<h2>Title</h2>text", "Title text"],
    ["<ul><li>a</li><li>b</li></ul>", "a b"],
    ["a<br>b", "a b"],
    ["<div>a</div>b", "a b"],
  ])("parts blocks with a space: %j", (html, text) => {
    expect(htmlToText(html)).toBe(text)
  })

  it.each([
    ["<b>bold</b>er", "bolder"],
    ["<p>Hello <i>wor</i>ld</p>", "Hello world"],
    ['<a title="a > b" href="/x">link</a>', "link"],
  ])("joins inline elements into their words: %j", (html, text) => {
    expect(htmlToText(html)).toBe(text)
  })

  it("decodes entities, and leaves unknown ones and bare ampersands as a browser shows them", () => {
    expect(htmlToText("&amp; &lt;b&gt;&nbsp;&eacute; &#39;x&#x41; &unknown; AT&T")).toBe("& <b> é 'xA &unknown; AT&T")
    expect(htmlToText("1 < 2 and 3 > 2")).toBe("1 < 2 and 3 > 2")
  })

  it("drops what no reader sees: script and style content, comments", () => {
    expect(htmlToText("<script>alert(1)</script>Hi<style>p{color:red}</style>")).toBe("Hi")
    expect(htmlToText("<SCRIPT>bad</SCRIPT>ok")).toBe("ok")
    expect(htmlToText("<!-- note -->Hi<!-- <p>x</p> -->")).toBe("Hi")
  })

  it("leaves no space where hidden content held blocks, as the browser's reading does (htmlToTextInBrowser)", () => {
    expect(htmlToText("a<template><p>b</p></template>c")).toBe("ac")
    expect(htmlToText("a<noscript><div>b</div></noscript>c")).toBe("ac")
  })

  it("collapses whitespace to single spaces on one line", () => {
    expect(htmlToText("<p>\n  Lots\tof\n\n space </p>")).toBe("Lots of space")
  })

  it.each([null, undefined, "", "   ", "<p> </p>", "<script>x</script>", "<!-- only a comment -->"])("is null when nothing readable is left: %j", (html) => {
    expect(htmlToText(html)).toBeNull()
  })
})
