import http from "node:http"

// The network between Strapi's signed webhook and the publisher, for a
// test: it passes deliveries on as they are (headers and body, so their
// signatures still verify), or holds them unanswered (a delivery in
// flight), or answers 204 without passing them on (a delivery lost on the
// way). A delivery it cannot pass on (the publisher is down) gets its
// connection reset, as a publisher that is not listening would.

export type RelayMode = "pass" | "hold" | "lose"

export interface RelayedDelivery {
  webhookId: string
  body: { event: string; refs: { type: string; id: string | null }[] }
  /** What the relay did with it. */
  mode: RelayMode
  /** The status the publisher answered when passed on; undefined when it was not (held, lost, or the publisher down). */
  answered?: number
}

export interface WebhookRelay {
  /** PUBLISH_WEBHOOK_URL for Strapi. */
  url: string
  deliveries: RelayedDelivery[]
  setMode(mode: RelayMode): void
  close(): Promise<void>
}

export async function startWebhookRelay(port: number, publisherHookUrl: string): Promise<WebhookRelay> {
  const deliveries: RelayedDelivery[] = []
  let mode: RelayMode = "pass"
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const raw = Buffer.concat(chunks)
      const delivery: RelayedDelivery = { webhookId: String(request.headers["webhook-id"]), body: JSON.parse(raw.toString("utf8")) as RelayedDelivery["body"], mode }
      deliveries.push(delivery)
      if (mode === "hold") return
      if (mode === "lose") return void response.writeHead(204).end()
      const headers = Object.fromEntries(["content-type", "webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [name, String(request.headers[name] ?? "")]))
      fetch(publisherHookUrl, { method: "POST", headers, body: raw })
        .then(async (answer) => {
          delivery.answered = answer.status
          response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain" }).end(Buffer.from(await answer.arrayBuffer()))
        })
        .catch(() => request.socket.destroy())
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => resolve())
  })
  return {
    url: `http://127.0.0.1:${port}/hooks/catalogue`,
    deliveries,
    setMode: (next) => void (mode = next),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
