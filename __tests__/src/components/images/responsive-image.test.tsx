import React from "react"
import { render } from "@testing-library/react"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { ResponsiveImage } from "../../../../src/components/images/responsive-image"

const image = (data: Partial<IGatsbyImageData>): IGatsbyImageData => ({
  layout: "fullWidth",
  width: 1,
  height: 0.5625,
  backgroundColor: "#102030",
  images: { fallback: { src: "/a-400.jpg", srcSet: "/a-400.jpg 400w,\n/a-1600.jpg 1600w,\n/a-800.jpg 800w", sizes: "100vw" } },
  ...data,
})

const imgOf = (data: IGatsbyImageData) => render(<ResponsiveImage image={data} alt="" />).container.querySelector("img")!

describe("ResponsiveImage", () => {
  it("gives full-width pictures whole-pixel width and height attributes: the widest file's, in the picture's proportions", () => {
    const img = imgOf(image({}))
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["1600", "900"])
  })

  it("rounds a fractional height of sized data, and keeps whole ones as they are", () => {
    const fractional = imgOf(image({ layout: "constrained", width: 400, height: 266.67 }))
    expect([fractional.getAttribute("width"), fractional.getAttribute("height")]).toEqual(["400", "267"])
    const whole = imgOf(image({ layout: "fixed", width: 320, height: 200 }))
    expect([whole.getAttribute("width"), whole.getAttribute("height")]).toEqual(["320", "200"])
  })

  it("keeps the box's CSS proportions exact", () => {
    const { container } = render(<ResponsiveImage image={image({})} alt="" />)
    expect((container.firstChild as HTMLElement).style.aspectRatio).toBe("1 / 0.5625")
  })
})
