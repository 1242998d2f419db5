import { secretKeys } from "../../contract/webhook-signature"
import { startTestServer, type TestServer } from "../cms/helpers/test-server"
import { episode, SECRET, startTestPublisher, type TestPublisher } from "./helpers/harness"
import { waitFor } from "../helpers/wait-for"

// Both sides together: the reference server signs with the standardwebhooks
// package, the publisher verifies with it; a delivery the publisher cannot
// take (it is down) waits in the reference server's outbox, through a
// restart of the reference server too, and is built once the publisher is back.

let catalogue: TestServer | undefined
let site: TestPublisher | undefined
afterEach(async () => {
  await catalogue?.destroy()
  await site?.dispose()
  catalogue = site = undefined
})

const webhookTo = (publisherUrl: string) => ({ url: `${publisherUrl}/hooks/catalogue`, keys: secretKeys(SECRET), retryBaseMs: 50, retryMaxMs: 200, log: () => undefined })

it("an edit's webhook is verified by the publisher and built live", async () => {
  site = await startTestPublisher({ plan: { version: "v1" } })
  await site.publisher.idle()
  catalogue = await startTestServer({ webhook: webhookTo(site.url) })
  expect((await catalogue.edit("episodes/1001", { title: "Signed both ways" })).status).toBe(200)
  await waitFor(() => site!.publisher.status().recent.some((job) => job.trigger === "webhook" && job.status === "live"), { timeout: 10_000, what: "the webhook's build" })
  expect(site.publisher.status().recent[0]).toMatchObject({ trigger: "webhook", status: "live", refs: [episode(1001)], webhooks: 1 })
})

it("a publish survives a publisher outage and a catalogue restart: the outbox delivers it when the publisher is back", async () => {
  site = await startTestPublisher({ plan: { version: "v1" } })
  await site.publisher.idle()
  const port = Number(new URL(site.url).port)
  await site.close()

  catalogue = await startTestServer({ webhook: webhookTo(site.url) })
  expect((await catalogue.edit("episodes/1002", { title: "Edited while the publisher was down" })).status).toBe(200)
  const owed = () => catalogue!.db.prepare("SELECT count(*) AS n, max(attempts) AS attempts FROM webhook_outbox").get() as { n: number; attempts: number | null }
  await waitFor(() => (owed().attempts ?? 0) >= 2, { timeout: 10_000, what: "failed attempts" })
  catalogue = await catalogue.restart()
  expect(owed().n).toBe(1)

  site = await site.restart({ port })
  await waitFor(() => site!.publisher.status().recent.some((job) => job.trigger === "webhook" && job.status === "live"), { timeout: 15_000, what: "the owed webhook's build" })
  expect(site.publisher.status().recent[0]).toMatchObject({ trigger: "webhook", status: "live", refs: [episode(1002)] })
  await waitFor(() => owed().n === 0, { timeout: 5000, what: "the outbox to empty" })
})
