import type { GatsbyNode, PluginOptions } from "gatsby"

/** The plugin's one option: `serviceWorker: false` keeps the plugin listed but makes no worker and registers none. */
export interface OfflinePluginOptions {
  serviceWorker: boolean
}

export const pluginOptionsSchema: GatsbyNode["pluginOptionsSchema"] = ({ Joi }) =>
  Joi.object({
    serviceWorker: Joi.boolean()
      .default(true)
      .description("false: no sw.js or release.json is written, and any a copied public/ holds is removed; the browser registers no worker (the preview lane's builds)."),
  })

/** Whether this build makes the worker: only `serviceWorker: false` says no (Gatsby fills the default only where it validates). */
export const serviceWorkerOn = (options: Partial<PluginOptions> | undefined): boolean => (options as Partial<OfflinePluginOptions> | undefined)?.serviceWorker !== false
