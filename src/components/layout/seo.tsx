import React from "react"
import { graphql } from "gatsby"
import type { Crumb, PageHead } from "../../seo/page-head"
import { serializeJsonLd } from "../../seo/json-ld"

/**
 * The page's head, decided at page creation (gatsby/seo/resolve-page-seo.ts)
 * and kept in its PageHead node (gatsby/seo/page-heads.ts). Every page query
 * spreads it and declares `$path`, which Gatsby gives each page query.
 */
export const query = graphql`
  fragment SeoHead on Query {
    pageHead(id: { eq: $path }) {
      head
    }
  }
`

/** The page's trail from its PageHead (the BreadcrumbList's): what the page's breadcrumbs show. */
export function breadcrumbTrail(data: Queries.SeoHeadFragment): Crumb[] {
  return (data.pageHead?.head as unknown as PageHead | undefined)?.breadcrumbs ?? []
}

export interface SeoProps {
  /** The page query's answer, with the SeoHead fragment in it. */
  data: Queries.SeoHeadFragment
}

/**
 * The page's tags for search engines and link previews, for the Head API.
 * Values are text: React escapes them in attributes and in <title>, and
 * JSON-LD has its `<` escaped, so nothing from the CMS can become markup.
 */
export function Seo({ data }: SeoProps) {
  // The build gives every page it makes a head; a page without one is a
  // build bug, and it fails the page's render rather than go out without a title.
  if (!data.pageHead) throw new Error("This page has no PageHead node: createPages decides a head for every page it knows of")
  // JSON in the schema; what writePageHeads stores is always a PageHead.
  const head = data.pageHead.head as unknown as PageHead
  const { image } = head
  return (
    <>
      <title>{head.title}</title>
      {head.description && <meta name="description" content={head.description} />}
      {head.canonical && <link rel="canonical" href={head.canonical} />}
      {head.noindex && <meta name="robots" content="noindex" />}
      <meta property="og:title" content={head.title} />
      {head.description && <meta property="og:description" content={head.description} />}
      {head.canonical && <meta property="og:url" content={head.canonical} />}
      <meta property="og:type" content={head.ogType} />
      <meta property="og:site_name" content={head.siteName} />
      {image && (
        <>
          <meta property="og:image" content={image.url} />
          <meta property="og:image:width" content={String(image.width)} />
          <meta property="og:image:height" content={String(image.height)} />
          <meta property="og:image:alt" content={image.alt} />
        </>
      )}
      <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
      {head.twitterSite && <meta name="twitter:site" content={head.twitterSite} />}
      {head.structuredData.map((object, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(object) }} />
      ))}
    </>
  )
}
