import type { SourceNodesArgs } from "gatsby"
import { rebuildCatalogueNodes, type BuildContext } from "./build-catalogue-nodes"
import { holdNodeDigests, markNodeWritesStarted, readLastNodeWrites } from "./node-digests"
import { readDescriptionMemo, withDescriptionMemo } from "./description-memo"
import type { CatalogueSnapshot } from "../types"

/**
 * The sourceNodes step that turns the snapshot into nodes: only the nodes
 * whose content changed since the last successful build are written, with
 * the marker and digests of node-digests.ts around it; says what it did.
 */
export async function writeCatalogueNodes(gatsbyApi: SourceNodesArgs, snapshot: CatalogueSnapshot, context: BuildContext): Promise<void> {
  const { cache, reporter } = gatsbyApi
  const last = await readLastNodeWrites(cache.directory)
  const descriptions = readDescriptionMemo(cache.directory)
  await markNodeWritesStarted(cache.directory)
  const nodes = withDescriptionMemo(descriptions, () => rebuildCatalogueNodes(gatsbyApi, snapshot, context, last))
  holdNodeDigests(cache.directory, nodes.digests)
  await descriptions.save(cache.directory)
  const how = last.interrupted
    ? " (the last build stopped after writing nodes: each checked against Gatsby's)"
    : last.digests
      ? ""
      : " (no digests of a last successful build: all)"
  reporter.info(
    `Catalogue nodes: ${nodes.written} of ${nodes.digests.size} written${how}, ${nodes.removed} of deleted entities removed; ${descriptions.reused} of ${descriptions.size} descriptions as the last build sanitised them`,
  )
}
