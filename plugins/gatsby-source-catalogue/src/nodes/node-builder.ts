import type { NodeInput, SourceNodesArgs } from "gatsby"
import { contentDigest as digestOf } from "../../../../node-kit/storage/content-digest"
import { htmlToText } from "../../../../contract/html-text/html-to-text"
import type { ApiImage, ApiSeo } from "../../../../contract/schemas"
import type { NodeType } from "../constants"
import { sanitizeDescription } from "./sanitize"
import { memoisedFields, type DescriptionFields } from "./description-memo"
import type { EpisodeVideo } from "../videos/episode-video"

export type GatsbyApi = Pick<SourceNodesArgs, "actions" | "createNodeId">

/**
 * Creates one node. The id comes from the type and the upstream id, so it is
 * the same on every build and Gatsby can tell what really changed.
 */
export function nodeBuilder(gatsbyApi: GatsbyApi, type: NodeType, upstreamId: number | string, fields: Record<string, unknown>, contentDigest?: string): string {
  const content = { _id: String(upstreamId), ...fields }
  const id = gatsbyApi.createNodeId(`${type}-${upstreamId}`)
  const node = {
    ...content,
    id,
    parent: null,
    children: [],
    internal: { type, contentDigest: contentDigest ?? digestOf(content) },
  } satisfies NodeInput
  gatsbyApi.actions.createNode(node)
  return id
}

/**
 * What a node builder needs to know of the rest of the catalogue to link one
 * entity. It asks rather than being handed the whole crawl, so one entity's
 * node can be built (or rebuilt) on its own.
 */
export interface NodeLinks {
  /**
   * The Gatsby node id of an entity. Links hold these: a page that follows
   * one then depends on that node alone, so an edit re-runs only the queries
   * that really read it.
   */
  nodeId(type: NodeType, upstreamId: string): string
  /** Whether the catalogue has the entity; a link to a skipped one is dropped, never left dangling. */
  has(type: NodeType, upstreamId: string): boolean
  /** Node ids of the images that could be used, in API order. */
  imageNodes(images: ApiImage[] | null | undefined): string[]
  /** What the video host said of a video path: its player link, facts, chapters and transcripts. */
  video(videoPath: string): EpisodeVideo | undefined
}

/** A link to an entity that exists: its upstream id and its node id, or null for both. */
export function linkTo(links: NodeLinks, type: NodeType, upstreamId: string | null): { id: string | null; node: string | null } {
  return upstreamId !== null && links.has(type, upstreamId) ? { id: upstreamId, node: links.nodeId(type, upstreamId) } : { id: null, node: null }
}

/** A text field of the API, null when missing. */
export const text = (value: string | null | undefined): string | null => (typeof value === "string" ? value : null)

/**
 * The sanitised description HTML, and its plain text for teasers and meta
 * descriptions, so no page has to parse HTML in the browser.
 */
export function descriptionFields(html: string | null | undefined): DescriptionFields {
  return typeof html === "string" ? memoisedFields(html, makeDescriptionFields) : makeDescriptionFields(html)
}

function makeDescriptionFields(html: string | null | undefined): DescriptionFields {
  const description = sanitizeDescription(html)
  return { description, descriptionText: htmlToText(description) }
}

/**
 * An entity's marketing metadata as sourced: text as sent (the site's SEO
 * checks judge it, and name the field), the social image as an image node
 * when it could be used, and whether one was asked for, so a broken one can be
 * reported rather than silently replaced. Null when the entity has none.
 */
export function seoFields(seo: ApiSeo | null | undefined, links: NodeLinks) {
  if (!seo) return null
  const imageNode = seo.image ? (links.imageNodes([seo.image])[0] ?? null) : null
  return {
    title: text(seo.title),
    description: text(seo.description),
    image: imageNode,
    imageAlt: text(seo.image?.alt),
    imageRequested: text(seo.image?.path),
    canonicalUrl: text(seo.canonical_url),
    noindex: seo.noindex === true,
  }
}

/** The fields every entity with a page carries for search engines and the sitemap. */
export function pageEntityFields(entity: { seo?: ApiSeo | null; updated_at?: string | null; draft?: boolean | null }, links: NodeLinks) {
  return {
    seo: seoFields(entity.seo, links),
    updatedAt: typeof entity.updated_at === "string" && !Number.isNaN(Date.parse(entity.updated_at)) ? entity.updated_at : null,
    // Only the draft view carries it (catalogue-api.md, "Drafts and preview").
    draft: entity.draft === true,
  }
}
