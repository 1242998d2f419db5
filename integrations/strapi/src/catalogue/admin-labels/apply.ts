import type { Core } from "@strapi/strapi"
import { COMPONENT_LABELS, CONTENT_TYPE_LABELS, type ViewLabels } from "./labels"
import { strapiDefaultList, withLabels, type ModelAttribute, type ViewConfiguration } from "./merge"

/**
 * The labels last set (strapi_core_store_settings, key `api_catalogue_admin_labels`):
 * a text still equal to what was set then is this module's to update, one
 * that differs is an admin's.
 */
const APPLIED = { type: "api", name: "catalogue", key: "admin_labels" } as const

interface Model {
  uid: string
  attributes: Record<string, ModelAttribute>
}

/** The content manager's services for content types and for components: the same calls for both (@strapi/content-manager, services/content-types.js and components.js). */
interface ViewsService {
  find(uid: string): Model | undefined
  findConfiguration(model: Model): Promise<ViewConfiguration>
  updateConfiguration(model: Model, configuration: Pick<ViewConfiguration, "settings" | "metadatas" | "layouts">): Promise<unknown>
}

function viewsServices(strapi: Core.Strapi): { contentTypes: ViewsService; components: ViewsService } {
  const manager = strapi.plugin("content-manager")
  const contentTypes = manager.service("content-types")
  const components = manager.service("components")
  return {
    contentTypes: {
      find: (uid) => contentTypes.findContentType(uid),
      findConfiguration: (model) => contentTypes.findConfiguration(model),
      updateConfiguration: (model, configuration) => contentTypes.updateConfiguration(model, configuration),
    },
    components: {
      find: (uid) => components.findComponent(uid),
      findConfiguration: (model) => components.findConfiguration(model),
      updateConfiguration: (model, configuration) => components.updateConfiguration(model, configuration),
    },
  }
}

/**
 * Gives the content manager's edit and list views of the catalogue's types
 * and components their labels, descriptions and columns (./labels.ts),
 * through the content manager's own configuration service, as its
 * "Configure the view" saves them. Runs in bootstrap, after the content
 * manager has made or synced every view's configuration, so it holds for
 * any database; what an admin changed there is kept (./merge.ts). A failure
 * is logged, not thrown: the labels are a help, and a bootstrap that throws
 * stops Strapi, edits and webhook deliveries with it.
 */
export async function applyAdminLabels(strapi: Core.Strapi): Promise<void> {
  try {
    await applyAll(strapi)
  } catch (error) {
    strapi.log.error(`The content manager's labels and descriptions were not applied: ${error instanceof Error ? error.stack : String(error)}`)
  }
}

async function applyAll(strapi: Core.Strapi): Promise<void> {
  const services = viewsServices(strapi)
  const previous = ((await strapi.store.get(APPLIED)) ?? {}) as Record<string, ViewLabels>
  const views: Array<[ViewsService, Record<string, ViewLabels>]> = [
    [services.contentTypes, CONTENT_TYPE_LABELS],
    [services.components, COMPONENT_LABELS],
  ]
  for (const [service, labelsOf] of views) {
    for (const [uid, labels] of Object.entries(labelsOf)) {
      const model = service.find(uid)
      if (!model) continue
      const next = withLabels(await service.findConfiguration(model), labels, previous[uid], strapiDefaultList(model.attributes))
      if (next) await service.updateConfiguration(model, { settings: next.settings, metadatas: next.metadatas, layouts: next.layouts })
    }
  }
  await strapi.store.set({ ...APPLIED, value: { ...CONTENT_TYPE_LABELS, ...COMPONENT_LABELS } })
}
