import type { BenchCatalogue, CatalogueChoice } from "./catalogue"

/** The CMSs the benchmark can publish from. */
export const CMS_NAMES = ["reference", "strapi"] as const
export type CmsName = (typeof CMS_NAMES)[number]

/** An episode as an editor has it open: each action timed from the start of the request that makes it. */
export interface EpisodeEditor {
  /** Its new title made live: the editor's Publish (or the reference server's live edit). */
  publishTitle(title: string): Promise<void>
  /** Its new title saved as a draft. */
  saveDraftTitle(title: string): Promise<void>
}

/** A CMS as the benchmark drives it: an editor's actions, and what the site's build reads. */
export interface BenchCms {
  name: CmsName
  /** What it holds, as the benchmark edits it. */
  catalogue: BenchCatalogue
  /** The build's environment for it: CATALOGUE_API_URL, the video host's VIDEO_API_URL and token. */
  buildEnv: NodeJS.ProcessEnv
  /** An episode opened for editing (Strapi: its edit view loaded, before the editor types), which is not timed. */
  open(episodeId: string): Promise<EpisodeEditor>
  /** An episode deleted. */
  removeEpisode(episodeId: string): Promise<void>
  /** Stops its servers (by their pids). */
  stop(): Promise<void>
}

export interface CmsOptions {
  /** The run's folder: data and logs. */
  workDir: string
  catalogue: CatalogueChoice
  /** Distinct pictures of a generated catalogue; undefined: each entity its own. */
  imagePool: number | undefined
  /** Where its signed webhooks go, and their secret. */
  webhookUrl: string
  webhookSecret: string
  /** The draft view's token, with the preview lane; the published view alone without. */
  previewToken: string | undefined
  /** The site's address (SITE_URL). */
  siteUrl: string
}
