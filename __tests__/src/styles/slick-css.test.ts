import fs from "node:fs"
import path from "node:path"

const root = path.join(__dirname, "..", "..", "..")
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8")

describe("the site's copy of slick's layout CSS", () => {
  it("is the installed slick-carousel's slick.css without its invalid `cursor: hand`", () => {
    const upstream = read("node_modules/slick-carousel/slick/slick.css")
    const copy = read("src/styles/slick.css")
    const withoutHeader = copy.replace(/^\/\*[\s\S]*?\*\/\n/, "")
    expect(upstream).toMatch(/^\s*cursor: hand;\n/m)
    expect(withoutHeader).toBe(upstream.replace(/^\s*cursor: hand;\n/m, ""))
    expect(withoutHeader).not.toMatch(/cursor:\s*hand/)
  })

  it("is the one slick CSS the site imports", () => {
    expect(read("gatsby-browser.tsx")).toMatch(/^import "\.\/src\/styles\/slick\.css"$/m)
    expect(read("gatsby-browser.tsx")).not.toMatch(/slick-carousel\/slick/)
  })
})
