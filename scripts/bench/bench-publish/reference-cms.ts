import path from "node:path"
import { freePort, stopProcess } from "../../../node-kit/process/processes"
import { SHARED_DRAWINGS_DIR, startReferenceServer } from "../../lib/reference-server"
import { readCatalogue, writeGeneratedCatalogue } from "./catalogue"
import type { BenchCms, CmsOptions } from "./cms"

/**
 * The reference server as the benchmark's CMS: a generated catalogue
 * written into its database first, or the sample it seeds itself on a
 * fresh data folder. Its admin API's PATCH is a live edit; with a preview
 * token it keeps drafts, which `drafts/` paths save.
 */
export async function startReferenceCms(options: CmsOptions): Promise<BenchCms> {
  const dataDir = path.join(options.workDir, "reference")
  const generated = options.catalogue === "sample" ? undefined : writeGeneratedCatalogue(dataDir, options.catalogue, options.imagePool)
  const server = await startReferenceServer({
    port: await freePort(),
    dataDir,
    // The sample's drawn pictures are the same in every run: drawn once, as the tests share them.
    ...(generated ? {} : { drawingsDir: SHARED_DRAWINGS_DIR }),
    stdio: "ignore",
    env: {
      CMS_WEBHOOK_URL: options.webhookUrl,
      PUBLISH_WEBHOOK_SECRET: options.webhookSecret,
      ...(options.previewToken ? { CATALOGUE_PREVIEW_TOKEN: options.previewToken } : {}),
    },
  })
  try {
    return {
      name: "reference",
      catalogue: generated ?? (await readCatalogue(`${server.origin}/api`)),
      buildEnv: server.buildEnv,
      open: async (id) => ({
        publishTitle: (title) => server.edit(`episodes/${id}`, { title }),
        saveDraftTitle: (title) => server.edit(`drafts/episodes/${id}`, { title }),
      }),
      removeEpisode: (id) => server.remove(`episodes/${id}`),
      stop: () => stopProcess(server.child),
    }
  } catch (error) {
    await stopProcess(server.child)
    throw error
  }
}
