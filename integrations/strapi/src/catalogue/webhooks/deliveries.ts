import type { Core } from "@strapi/strapi"
import { webhookConfigFrom } from "./config"
import { DeliveryLoop } from "./delivery-loop"

// The signed webhook's life in one Strapi: started in bootstrap, woken after
// each commit that queued a delivery, stopped in destroy. Keyed by the Strapi
// instance, so a script that loads Strapi twice gets two.

const loops = new WeakMap<Core.Strapi, DeliveryLoop>()

/**
 * Starts sending the outbox's deliveries, those a previous run left pending
 * first. Without PUBLISH_WEBHOOK_URL and PUBLISH_WEBHOOK_SECRET it says so
 * once and sends nothing (the changes feed still records every edit).
 */
export function startWebhookDeliveries(strapi: Core.Strapi, env: NodeJS.ProcessEnv = process.env): void {
  const config = webhookConfigFrom(env)
  if (!config) {
    strapi.log.info("Catalogue webhook: PUBLISH_WEBHOOK_URL and PUBLISH_WEBHOOK_SECRET are not both set, so no webhook is sent; GET /api/changes still lists every edit.")
    return
  }
  const loop = new DeliveryLoop(strapi, config)
  loops.set(strapi, loop)
  strapi.log.info(`Catalogue webhook: signed deliveries to ${config.url.href}`)
  loop.wake()
}

/** Whether deliveries are being sent, so edits should queue them. */
export const webhooksEnabled = (strapi: Core.Strapi): boolean => loops.has(strapi)

/** A commit queued a delivery: send it now. */
export function wakeWebhookDeliveries(strapi: Core.Strapi): void {
  loops.get(strapi)?.wake()
}

/** Stops sending; what is undelivered stays pending in the outbox for the next start. */
export async function stopWebhookDeliveries(strapi: Core.Strapi): Promise<void> {
  const loop = loops.get(strapi)
  loops.delete(strapi)
  await loop?.stop()
}
