import { NODE_TYPES } from "../../constants"
import type { ImageFile } from "../../images/probe"
import { nodeBuilder, type GatsbyApi } from "../node-builder"

/**
 * The CatalogueImage node of one downloaded image, keyed by its URL. Its
 * digest is the bytes', so an image replaced at the same URL is processed anew.
 */
export function createImageNode(gatsbyApi: GatsbyApi, file: ImageFile): string {
  // The source's path is this machine's cache, not content: kept out of the node.
  const { contentDigest, sourceFile: _sourceFile, ...fields } = file
  return nodeBuilder(gatsbyApi, NODE_TYPES.Image, file.url, fields, contentDigest)
}
