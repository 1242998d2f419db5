import React from "react"
import { EntertainmentSection } from "../../../src/components/home/entertainment-section"
import { homeTileSizes } from "../../../src/styles/tile-sizes"
import type { Page } from "playwright-core"
import { cleanPage, useBrowser } from "../harness/browser"
import { DESKTOP, PHONE } from "../harness/catalogue"
import { showComponent } from "../harness/render-component"

// The entertainment section lays out one to five tiles in its own way on a
// wide screen (the sample catalogue has five, the home page shows those).

const browser = useBrowser()

/** The test's page at each width: a component is shown by replacing its document, so one page serves every count. */
const pages = new Map<number, Page>()
afterEach(() => pages.clear())

async function pageAt(width: number): Promise<Page> {
  const page = pages.get(width) ?? (await cleanPage(browser(), { width }))
  pages.set(width, page)
  return page
}

interface Box {
  title: string
  x: number
  y: number
  width: number
  height: number
}

const subcategories = (count: number): Queries.SubcategoryCardFragment[] =>
  Array.from({ length: count }, (_, index) => ({ _id: String(index + 1), title: `Show ${index + 1}`, shortDesc: null, images: [] }))

/** Each tile's box on screen, in reading order, rounded to whole pixels. */
async function tiles(count: number, width: number): Promise<Box[]> {
  const page = await pageAt(width)
  await showComponent(
    page,
    <EntertainmentSection title="Entertainment" description={null} subcategories={subcategories(count)} categoryId="3" tileSizes={homeTileSizes().entertainment} />,
  )
  return page.getByRole("link", { name: /^Show \d/ }).evaluateAll((links) =>
    links.map((link) => {
      const box = link.getBoundingClientRect()
      return { title: link.textContent ?? "", x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) }
    }),
  )
}

describe("the entertainment tiles on a wide screen", () => {
  it("one tile fills the row", async () => {
    const [only, ...more] = await tiles(1, DESKTOP)
    expect(more).toEqual([])
    const [a, b] = await tiles(2, DESKTOP)
    // As wide as two side by side and the gap between them.
    expect(only!.width).toBe(b!.x + b!.width - a!.x)
  })

  it("two tiles share one row, side by side, alike", async () => {
    const [a, b] = await tiles(2, DESKTOP)
    expect(b!.y).toBe(a!.y)
    expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1)
    expect([b!.width, b!.height]).toEqual([a!.width, a!.height])
  })

  it("three tiles: the middle one tall and wider, the other two beside it, alike", async () => {
    const [a, b, c] = await tiles(3, DESKTOP)
    expect(a!.x).toBeLessThan(b!.x)
    expect(b!.x).toBeLessThan(c!.x)
    expect(b!.height).toBeGreaterThan(a!.height)
    expect(b!.width).toBeGreaterThan(a!.width)
    expect([c!.y, c!.width, c!.height]).toEqual([a!.y, a!.width, a!.height])
    // The tall tile reaches above and below the two beside it.
    expect(b!.y).toBeLessThan(a!.y)
    expect(b!.y + b!.height).toBeGreaterThan(a!.y + a!.height)
  })

  it("four tiles: two rows of two, alike", async () => {
    const [a, b, c, d] = await tiles(4, DESKTOP)
    expect([a!.y, c!.y]).toEqual([b!.y, d!.y])
    expect(c!.y).toBeGreaterThan(a!.y + a!.height - 1)
    expect([a!.x, b!.x]).toEqual([c!.x, d!.x])
    for (const tile of [b, c, d]) expect([tile!.width, tile!.height]).toEqual([a!.width, a!.height])
  })

  it("five tiles: a tall one in the middle, two on each side", async () => {
    const [a, b, c, d, e] = await tiles(5, DESKTOP)
    // Reading order goes down the first column, then the tall tile, then down the last.
    expect(b!.x).toBe(a!.x)
    expect(b!.y).toBeGreaterThan(a!.y)
    expect(c!.x).toBeGreaterThan(a!.x)
    expect(c!.height).toBeGreaterThan(a!.height + b!.height)
    expect([d!.x, e!.x]).toEqual([e!.x, d!.x])
    expect(d!.x).toBeGreaterThan(c!.x)
  })
})

describe("the entertainment tiles on a phone", () => {
  it.each([1, 2, 3, 4, 5])("%i tile(s) stack in one column, one under the other", async (count) => {
    const boxes = await tiles(count, PHONE)
    expect(boxes).toHaveLength(count)
    for (const [above, below] of boxes.slice(0, -1).map((box, index) => [box, boxes[index + 1]!] as const)) {
      expect(below.x).toBe(above.x)
      expect(below.width).toBe(above.width)
      expect(below.y).toBeGreaterThan(above.y + above.height - 1)
    }
  })
})

/** A tile's picture as the build gives it: the card slot's files (the browser picks one by `sizes`). */
const CARD_PICTURE = {
  gatsbyImage: {
    layout: "constrained",
    width: 400,
    height: 250,
    backgroundColor: "#333",
    images: { fallback: { src: "/show-400w.webp", srcSet: "/show-400w.webp 400w, /show-800w.webp 800w, /show-1600w.webp 1600w", sizes: "262px" } },
  },
} as unknown as Queries.CardImageFragment

/** Each tile's picture: the width it is drawn at (cover-cropped in the tile's box) and the width its `sizes` names. */
async function tilePictures(count: number, width: number): Promise<{ drawn: number; named: number }[]> {
  const page = await pageAt(width)
  const withPictures = subcategories(count).map((sub) => ({ ...sub, images: [CARD_PICTURE] }))
  await showComponent(page, <EntertainmentSection title="Entertainment" description={null} subcategories={withPictures} categoryId="3" tileSizes={homeTileSizes().entertainment} />)
  return page.locator("img[data-main-image]").evaluateAll((imgs) =>
    imgs.map((img) => {
      const box = img.getBoundingClientRect()
      // The first entry whose media condition holds (the last has none), measured as the browser would.
      const entries = (img as HTMLImageElement).sizes.split(/,\s*(?![^()]*\))/)
      const chosen = entries.find((entry) => !entry.startsWith("(") || matchMedia(entry.slice(0, entry.indexOf(")") + 1)).matches)!
      const length = chosen.startsWith("(") ? chosen.slice(chosen.indexOf(")") + 1).trim() : chosen
      const probe = document.body.appendChild(document.createElement("div"))
      probe.style.width = length
      const named = probe.getBoundingClientRect().width
      probe.remove()
      return { drawn: Math.round(Math.max(box.width, box.height * 1.6)), named: Math.round(named) }
    }),
  )
}

describe("the entertainment tiles' pictures", () => {
  it.each([PHONE, DESKTOP])("at %i px name in `sizes` the width each tile draws its picture at, so none is drawn soft", async (width) => {
    for (const count of [1, 2, 3, 4, 5]) {
      const pictures = await tilePictures(count, width)
      expect(pictures).toHaveLength(count)
      for (const [index, { drawn, named }] of pictures.entries()) {
        // Never less than drawn (the browser would pick a file too small), and not much more (bytes for nothing).
        expect({ count, index, named: named >= drawn - 1 && named <= drawn * 1.1 }).toEqual({ count, index, named: true })
      }
    }
  })
})
