import path from "node:path"
import { freePort, stopProcess } from "../../../node-kit/process/processes"
import { SHARED_DRAWINGS_DIR, startReferenceServer } from "../../lib/reference-server"
import { editView, signInToAdmin } from "../../strapi/content-manager"
import { startSeededStrapi } from "../../strapi/seeded"
import { readCatalogue } from "./catalogue"
import type { BenchCms, CmsOptions } from "./cms"

const EPISODE = "api::episode.episode"

/**
 * Strapi (integrations/strapi) as the benchmark's CMS, as `npm run strapi`
 * runs it: seeded with the reference server's sample, its signed webhooks
 * to the publisher, and the reference server beside it as the video host's
 * stand-in. An editor signed in once to its admin makes every change
 * through the content manager, as the edit view sends it: Publish without
 * saving first (the form with the new title in the publish action), Save,
 * and Delete.
 */
export async function startStrapiCms(options: CmsOptions): Promise<BenchCms> {
  if (options.catalogue !== "sample") throw new Error("Strapi holds the sample catalogue only: run it with --sizes sample")
  const videoHost = await startReferenceServer({
    port: await freePort(),
    dataDir: path.join(options.workDir, "video-host"),
    drawingsDir: SHARED_DRAWINGS_DIR,
    stdio: "ignore",
  })
  try {
    const strapi = await startSeededStrapi({
      dir: path.join(options.workDir, "strapi"),
      webhookUrl: options.webhookUrl,
      webhookSecret: options.webhookSecret,
      ...(options.previewToken ? { previewToken: options.previewToken } : {}),
      siteUrl: options.siteUrl,
    })
    try {
      const episodes = editView(strapi.origin, await signInToAdmin(strapi.origin, strapi.adminEmail, strapi.adminPassword), EPISODE)
      return {
        name: "strapi",
        catalogue: await readCatalogue(strapi.apiUrl),
        buildEnv: { ...videoHost.buildEnv, CATALOGUE_API_URL: strapi.apiUrl },
        async open(id) {
          const episode = await episodes.open(id)
          return { publishTitle: (title) => episode.publish({ title }), saveDraftTitle: (title) => episode.save({ title }) }
        },
        removeEpisode: (id) => episodes.remove(id),
        async stop() {
          await strapi.stop()
          await stopProcess(videoHost.child)
        },
      }
    } catch (error) {
      await strapi.stop()
      throw error
    }
  } catch (error) {
    await stopProcess(videoHost.child)
    throw error
  }
}
