import React from "react"
import { render } from "@testing-library/react"
import { Seo } from "../../../../src/components/layout/seo"
import type { PageHead, SocialImage } from "../../../../src/seo/page-head"
import { resolvePageSeo, type PageSeoInput } from "../../../../gatsby/seo/resolve-page-seo"
import { entityPageInput, seoFields } from "../../../gatsby/seo/catalogue-fixture"
import { resolveSiteSeo, type SourcedSiteSettings } from "../../../../gatsby/seo/site-seo"

// The Node build of the server renderer, as Gatsby's HTML build uses; the
// browser build jsdom would pick needs a TextEncoder jsdom does not have.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the Node build of the renderer, by its file
const { renderToStaticMarkup } = require("react-dom/server.node") as typeof import("react-dom/server")

const SITE = "https://moveflix.example"
const picture = (name: string, alt: string): SocialImage => ({ url: `${SITE}/static/${name}.jpg`, width: 1200, height: 630, alt })

const settings = (over: Partial<SourcedSiteSettings> = {}): SourcedSiteSettings => ({
  found: true,
  siteName: "MoveFlix TV",
  titleTemplate: "%s — MoveFlix TV",
  defaultDescription: "Stream fitness, dance and entertainment at home, whenever you like, with new classes every single week.",
  defaultImage: null,
  twitterSite: "@moveflix",
  organizationName: "MoveFlix Ltd",
  organizationLogoUrl: null,
  organizationSameAs: [],
  allowIndexing: true,
  ...over,
})
const site = (over: Partial<SourcedSiteSettings> = {}) =>
  resolveSiteSeo(settings(over), { siteUrl: SITE, siteName: "MoveFlix", description: "Fitness, dance and entertainment videos.", image: null })

const episode = (over: Partial<PageSeoInput> = {}): PageSeoInput =>
  entityPageInput("episode", "1001", "Plank Basics", {
    description: "Learn to hold a plank with good form: where to put your hands, how to breathe and when to rest.",
    image: picture("episode-1001", "A coach holding a plank"),
    breadcrumbs: [
      { name: "Home", path: "/" },
      { name: "Core Strength", path: "/series/12/" },
      { name: "Plank Basics", path: "/detail/1001/" },
    ],
    video: { embedUrl: "https://player.video.example/video/555", durationSeconds: 754, releaseTime: "2024-03-01T10:00:00.000Z", pictureUrl: null },
    updatedAt: "2024-06-01T00:00:00.000Z",
    ...over,
  })

const headOf = (input: PageSeoInput, siteOver: Partial<SourcedSiteSettings> = {}) => resolvePageSeo(input, site(siteOver)).head

/** The page query's answer, its SeoHead fragment holding the head the build decided. */
const dataOf = (head: PageHead): Queries.SeoHeadFragment => ({ pageHead: { head: head as unknown as Record<string, unknown> } })

/** The tags as the browser builds them (the Head API renders on the client too). */
const renderHead = (head: PageHead) => render(<Seo data={dataOf(head)} />).container

/** The tags as the built HTML carries them: rendered to markup, then read back by an HTML parser. */
const parseBuiltHead = (head: PageHead) => {
  const markup = renderToStaticMarkup(<Seo data={dataOf(head)} />)
  return new DOMParser().parseFromString(`<!doctype html><html lang="en"><head>${markup}</head><body><p id="after">after</p></body></html>`, "text/html")
}

const meta = (root: ParentNode, attribute: "name" | "property", key: string) =>
  Array.from(root.querySelectorAll(`meta[${attribute}="${key}"]`)).map((element) => element.getAttribute("content"))
const one = (root: ParentNode, attribute: "name" | "property", key: string) => {
  const values = meta(root, attribute, key)
  expect(values).toHaveLength(1)
  return values[0]
}
const jsonLd = (root: ParentNode) =>
  Array.from(root.querySelectorAll("script")).map((script) => {
    expect(script.getAttribute("type")).toBe("application/ld+json")
    return JSON.parse(script.textContent ?? "")
  })

describe("Seo", () => {
  it("renders each tag of an episode's head", () => {
    const head = headOf(episode())
    for (const root of [renderHead(head), parseBuiltHead(head).head]) {
      expect(root.querySelector("title")?.textContent).toBe("Plank Basics — MoveFlix TV")
      expect(one(root, "name", "description")).toBe(head.description)
      const canonical = root.querySelectorAll('link[rel="canonical"]')
      expect(canonical).toHaveLength(1)
      expect(canonical[0]!.getAttribute("href")).toBe(`${SITE}/detail/1001/`)
      expect(meta(root, "name", "robots")).toEqual([])
      expect(one(root, "property", "og:title")).toBe("Plank Basics — MoveFlix TV")
      expect(one(root, "property", "og:description")).toBe(head.description)
      expect(one(root, "property", "og:url")).toBe(`${SITE}/detail/1001/`)
      expect(one(root, "property", "og:type")).toBe("video.episode")
      expect(one(root, "property", "og:site_name")).toBe("MoveFlix TV")
      expect(one(root, "property", "og:image")).toBe(`${SITE}/static/episode-1001.jpg`)
      expect(one(root, "property", "og:image:width")).toBe("1200")
      expect(one(root, "property", "og:image:height")).toBe("630")
      expect(one(root, "property", "og:image:alt")).toBe("A coach holding a plank")
      expect(one(root, "name", "twitter:card")).toBe("summary_large_image")
      expect(one(root, "name", "twitter:site")).toBe("@moveflix")
      expect(jsonLd(root)).toEqual(head.structuredData)
      expect(jsonLd(root).map((object) => object["@type"])).toEqual(["VideoObject", "BreadcrumbList"])
    }
  })

  it("says noindex only on a page that asks for it", () => {
    expect(meta(renderHead(headOf(episode({ seo: seoFields({ noindex: true }) }))), "name", "robots")).toEqual(["noindex"])
    expect(meta(renderHead(headOf(episode(), { allowIndexing: false })), "name", "robots")).toEqual(["noindex"])
    expect(meta(renderHead(headOf(episode())), "name", "robots")).toEqual([])
  })

  it("shows a small card, and no og:image, for a page without a social image", () => {
    const root = renderHead(headOf(episode({ kind: "series", path: "/series/12/", image: null, video: undefined })))
    expect(one(root, "name", "twitter:card")).toBe("summary")
    expect(root.querySelectorAll('meta[property^="og:image"]')).toHaveLength(0)
    expect(one(root, "property", "og:type")).toBe("website")
  })

  it("leaves out twitter:site without a handle, and canonical and og:url on a page without an address", () => {
    const root = renderHead(headOf(episode({ kind: "not-found", path: "/404/", canonicalPath: null, video: undefined, breadcrumbs: [] }), { twitterSite: null }))
    expect(meta(root, "name", "twitter:site")).toEqual([])
    expect(root.querySelectorAll('link[rel="canonical"]')).toHaveLength(0)
    expect(meta(root, "property", "og:url")).toEqual([])
    expect(root.querySelectorAll("script")).toHaveLength(0)
  })

  it("leaves out the description tags when a head has none", () => {
    const root = renderHead({ ...headOf(episode()), description: null })
    expect(meta(root, "name", "description")).toEqual([])
    expect(meta(root, "property", "og:description")).toEqual([])
  })

  it("fails the page's render, naming the missing head, rather than let a page out without a title", () => {
    expect(() => renderToStaticMarkup(<Seo data={{ pageHead: null }} />)).toThrow(/no PageHead node/)
  })
})

describe("Seo with hostile CMS values", () => {
  const INJECTED = '"><img src=x onerror=alert(1)>'
  const BREAKOUT = "</script><script>alert(1)</script>"

  /** Nothing but the tags Seo means to write, and nothing after them swallowed. */
  const expectNoInjection = (built: Document, head: PageHead) => {
    expect(built.querySelectorAll("img, iframe, svg, style, base, body script")).toHaveLength(0)
    expect(built.querySelectorAll("[onerror], [onload]")).toHaveLength(0)
    expect(built.querySelectorAll("head script")).toHaveLength(head.structuredData.length)
    expect(built.getElementById("after")?.textContent).toBe("after")
    const tags = Array.from(built.head.children).map((element) => element.tagName.toLowerCase())
    expect(new Set(tags)).toEqual(new Set(["title", "meta", "link", "script"]))
  }

  it.each([INJECTED, BREAKOUT, `${INJECTED}${BREAKOUT}`])("makes the seo.title %p plain text, and nothing of it markup", (title) => {
    const head = headOf(episode({ seo: seoFields({ title, description: `${title} and more text`, image: picture("seo", title) }) }))
    const built = parseBuiltHead(head)
    expectNoInjection(built, head)
    expect(built.title).toBe(head.title)
    expect(jsonLd(built)).toEqual(head.structuredData)
    const container = renderHead(head)
    expect(container.querySelectorAll("img, [onerror]")).toHaveLength(0)
    expect(jsonLd(container)).toEqual(head.structuredData)
  })

  it("keeps text that reads like markup (entities, an unclosed </script) as text in every tag and in JSON-LD", () => {
    // Entities are decoded once markup is found: the text then holds `<` and `>` literally.
    const title = `<i>Plank</i> &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; </script`
    const head = headOf(
      episode({
        seo: seoFields({ title, description: `Plank basics </script <!-- --> "quotes" & 'apostrophes' <img src=x onerror=alert(1) for everyone who trains` }),
      }),
    )
    expect(head.title).toContain("</script><img src=x onerror=alert(1)>")
    const built = parseBuiltHead(head)
    expectNoInjection(built, head)
    expect(built.title).toBe(head.title)
    expect(one(built, "name", "description")).toBe(head.description)
    expect(one(built, "property", "og:title")).toBe(head.title)
    const [video] = jsonLd(built)
    expect(video.name).toContain("</script><img src=x onerror=alert(1)>")
    expect(jsonLd(built)).toEqual(head.structuredData)
  })

  it("escapes a head's raw values even if they reached it unchecked", () => {
    const head: PageHead = {
      ...headOf(episode()),
      title: `${INJECTED}${BREAKOUT}`,
      description: INJECTED,
      siteName: BREAKOUT,
      image: picture("x", INJECTED),
      twitterSite: INJECTED,
      structuredData: [{ "@context": "https://schema.org", "@type": "Thing", name: `${BREAKOUT}<!--` }],
    }
    const built = parseBuiltHead(head)
    expectNoInjection(built, head)
    expect(built.title).toBe(head.title)
    expect(one(built, "property", "og:image:alt")).toBe(INJECTED)
    expect(one(built, "name", "twitter:site")).toBe(INJECTED)
    expect(jsonLd(built)).toEqual(head.structuredData)
  })
})
