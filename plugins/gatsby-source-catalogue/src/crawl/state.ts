import fs from "node:fs/promises"
import path from "node:path"
import { writeMemoFile } from "../../../../node-kit/storage/memo-file"
import type { ImageFile } from "../images/probe"
import type { CatalogueAnswers } from "../types"

/**
 * What one build hands the next: the catalogue's answers as read, the images as
 * probed, and the changes feed's clock at the time it was read. Kept as a
 * file in the plugin's cache folder, so `gatsby clean` (or a lost cache)
 * means a full read.
 */
export interface CatalogueState {
  /** The backend's `now` from the changes feed, taken before the catalogue was read. */
  watermark: string
  /** The API the state was read from: another API means a full read. */
  apiUrl: string
  answers: CatalogueAnswers
  images: ImageFile[]
}

const FILE = "catalogue-state.json"

/** The last build's state; undefined when there is none, or it is of an older shape (a full read then writes a new one). */
export async function loadCatalogueState(cacheDirectory: string): Promise<CatalogueState | undefined> {
  try {
    const state = JSON.parse(await fs.readFile(path.join(cacheDirectory, FILE), "utf8")) as Partial<CatalogueState>
    return state.answers ? (state as CatalogueState) : undefined
  } catch {
    return undefined
  }
}

/** Written to a temporary file and renamed, so a build killed halfway leaves the previous state whole. */
export async function saveCatalogueState(cacheDirectory: string, state: CatalogueState): Promise<void> {
  writeMemoFile(path.join(cacheDirectory, FILE), state)
}
