import { describeIssues } from "../../../contract/describe-issues"
import { unsafeIds } from "../../../contract/safe-ids"
import { WebhookBody, type ApiRef } from "../../../contract/schemas"
import { MAX_REFS_PER_DELIVERY, WEBHOOK_HEADERS } from "../../../contract/webhook-signature"
import type { RunContext } from "../context"
import { readFeed } from "../backend/feed"
import { fail, pass, skip, verdict, type CheckResult } from "../results/results"
import { WebhookListener, type Delivery } from "../backend/webhook-listener"

// --webhook: the kit stands where the publisher would, makes an edit (--edit)
// and waits for the signed delivery catalogue-api.md describes, verified with
// the official `standardwebhooks` package, as any receiver would verify it.

const GROUP = "webhook"

const ROWS = {
  arrives: "webhook: a delivery arrives after --edit",
  signature: "webhook: signature verifies (standardwebhooks)",
  body: "webhook: body { event, refs }",
} as const

/** The official package's refusals, in what a backend's author should change. */
const ADVICE: Record<string, string> = {
  "Missing required headers": `send the ${Object.values(WEBHOOK_HEADERS).join(", ")} headers`,
  "No matching signature found": 'sign "{webhook-id}.{webhook-timestamp}.{raw body}" with HMAC-SHA256 keyed with the bytes of the secret (base64 after whsec_), as v1,{base64}',
  "Invalid Signature Headers": "send webhook-timestamp as unix seconds",
  "Message timestamp too old": "send webhook-timestamp as the unix seconds of this attempt (within 5 minutes of the receiver's clock)",
  "Message timestamp too new": "send webhook-timestamp as the unix seconds of this attempt (within 5 minutes of the receiver's clock)",
}

/** Checks a delivery with the official package: undefined when it verifies, else why not and what to change. */
async function verifier(secret: string): Promise<(delivery: Delivery) => string | undefined> {
  // Loaded only with --webhook: the rest of the kit runs without the package.
  const { Webhook } = await import("standardwebhooks")
  const webhook = new Webhook(secret)
  return (delivery) => {
    try {
      webhook.verify(delivery.body, delivery.headers)
      return undefined
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      return `${message}${ADVICE[message] ? `: ${ADVICE[message]}` : ""}`
    }
  }
}

const named = (delivery: Delivery) => `delivery ${delivery.headers[WEBHOOK_HEADERS.id] ? JSON.stringify(delivery.headers[WEBHOOK_HEADERS.id]) : "(no webhook-id)"}`
const refKey = (ref: Pick<ApiRef, "type" | "id">) => `${ref.type}:${ref.id}`

/** Whether a delivery may be the edit's: its refs name something the feed lists as changed, or none ("read the feed"). */
function theEdits(changed: Set<string> | undefined, since: number) {
  return (delivery: Delivery) => {
    if (delivery.receivedAt < since) return false
    if (!changed) return true
    const body = WebhookBody.safeParse(safeJson(delivery.body))
    return !body.success || body.data.refs.length === 0 || body.data.refs.some((ref) => changed.has(refKey(ref)))
  }
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function bodyRow(delivery: Delivery): CheckResult {
  const json = safeJson(delivery.body)
  const body = WebhookBody.safeParse(json)
  const problems = !body.success
    ? [`${named(delivery)}: ${json === undefined ? "the body is not JSON" : describeIssues(body.error.issues, json)}`]
    : [
        ...unsafeIds({ refs: body.data.refs }).map((found) => `${named(delivery)}: ${found}`),
        ...(body.data.refs.length > MAX_REFS_PER_DELIVERY ? [`${named(delivery)}: ${body.data.refs.length} refs, over ${MAX_REFS_PER_DELIVERY}: send "refs": [] instead`] : []),
      ]
  const note = body.success ? `${body.data.event}, ${body.data.refs.length} refs` : ""
  return verdict(GROUP, ROWS.body, problems, 'send { "event": "publish" | "unpublish" | "draft", "refs": [{ "type", "id" }] } as JSON', note)
}

export async function checkWebhook(context: RunContext): Promise<CheckResult[]> {
  const settings = context.options.webhook
  if (!settings) {
    const why = "give --webhook --webhook-secret whsec_… --webhook-port N, the backend delivering to 127.0.0.1:N/hooks/catalogue"
    return Object.values(ROWS).map((check) => skip(GROUP, check, why))
  }
  const verify = await verifier(settings.secret)
  let listener: WebhookListener
  try {
    listener = await WebhookListener.open(settings.port, verify)
  } catch (error) {
    const why = `could not listen on 127.0.0.1:${settings.port}: ${error instanceof Error ? error.message : String(error)}`
    return [
      fail(GROUP, ROWS.arrives, "give a --webhook-port that is free on this machine", [why]),
      ...[ROWS.signature, ROWS.body].map((check) => skip(GROUP, check, "no delivery")),
    ]
  }
  try {
    return await awaitDelivery(context, listener)
  } finally {
    await listener.close()
  }
}

async function awaitDelivery(context: RunContext, listener: WebhookListener): Promise<CheckResult[]> {
  const noDelivery = [ROWS.signature, ROWS.body].map((check) => skip(GROUP, check, "no delivery to check"))
  const first = await readFeed(context.api, new Date().toISOString(), { preview: false })
  const startedAt = Date.now()
  const outcome = await context.run("edit")
  if (outcome.problem) return [fail(GROUP, ROWS.arrives, "make --edit edit one published entity and exit 0", [outcome.problem]), ...noDelivery]
  const after = first.feed ? await readFeed(context.api, first.feed.now, { preview: false }) : undefined
  const changed = after?.feed ? new Set(after.feed.changed.map(refKey)) : undefined
  const delivery = await listener.next(theEdits(changed, startedAt), context.deadlineMs)
  if (!delivery) {
    const others = listener.deliveries.map((other) => `${other.method} ${other.path}`).join(", ")
    const problem = `nothing for the edit reached ${listener.url} within ${context.deadlineMs / 1000} s of --edit${others ? ` (came: ${others})` : ""}`
    return [
      fail(GROUP, ROWS.arrives, `after each publish, POST the signed webhook to the publisher's /hooks/catalogue (for this check: ${listener.url})`, [problem]),
      ...noDelivery,
    ]
  }
  const wrongPlace = delivery.method !== "POST" || delivery.path !== "/hooks/catalogue" ? [`${named(delivery)} came as ${delivery.method} ${delivery.path}`] : []
  const arrives = wrongPlace.length
    ? fail(GROUP, ROWS.arrives, "POST to {publisher}/hooks/catalogue", wrongPlace)
    : pass(GROUP, ROWS.arrives, `${delivery.receivedAt - startedAt} ms after --edit began`)
  const refused = listener.deliveries.filter((each) => each.refusal).map((each) => `${named(each)}: ${each.refusal}`)
  return [arrives, verdict(GROUP, ROWS.signature, refused, "sign each delivery as Standard Webhooks does, with the secret given as --webhook-secret"), bodyRow(delivery)]
}
