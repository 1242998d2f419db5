import type { Core } from "@strapi/strapi"
import { applyAdminLabels } from "./catalogue/admin-labels/apply"
import { recordCatalogueChanges } from "./catalogue/changes/document-middleware"
import { beginChangesLog } from "./catalogue/changes/log"
import { startWebhookDeliveries, stopWebhookDeliveries } from "./catalogue/webhooks/deliveries"

// Strapi's lifecycle, as a list of calls into the modules that do the work.
export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    recordCatalogueChanges(strapi)
  },
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await beginChangesLog(strapi)
    await applyAdminLabels(strapi)
    startWebhookDeliveries(strapi)
  },
  async destroy({ strapi }: { strapi: Core.Strapi }) {
    await stopWebhookDeliveries(strapi)
  },
}
