import { imageUrl } from "../../contract/image-url"

describe("imageUrl", () => {
  it("resolves a relative path against the API's origin, not its path", () => {
    expect(imageUrl({ path: "/media/a.jpg" }, "http://h:4000/api")).toBe("http://h:4000/media/a.jpg")
    expect(imageUrl({ path: "media/a.jpg" }, "http://h:4000/api/")).toBe("http://h:4000/media/a.jpg")
  })

  it("keeps an absolute http(s) URL, trimmed", () => {
    expect(imageUrl({ path: "https://cdn.example/a.jpg" }, "http://h:4000/api")).toBe("https://cdn.example/a.jpg")
    expect(imageUrl({ path: "  https://cdn.example/a b.jpg " }, "http://h/api")).toBe("https://cdn.example/a%20b.jpg")
  })

  it.each(["javascript:alert(1)", "data:image/png;base64,AAAA", "ftp://h/a.jpg", "", "   "])("refuses %j", (path) => {
    expect(imageUrl({ path }, "http://h/api")).toBeUndefined()
  })

  it("is undefined for no image, no path, or an API URL that is not one", () => {
    expect(imageUrl(null, "http://h/api")).toBeUndefined()
    expect(imageUrl(undefined, "http://h/api")).toBeUndefined()
    expect(imageUrl({ path: null }, "http://h/api")).toBeUndefined()
    expect(imageUrl({}, "http://h/api")).toBeUndefined()
    expect(imageUrl({ path: "/media/a.jpg" }, "not a url")).toBeUndefined()
  })
})
