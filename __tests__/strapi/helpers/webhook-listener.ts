import http from "node:http"
import { Webhook } from "standardwebhooks"

// The publisher's side of the signed webhook, for a test: every delivery it
// is sent, verified with the official standardwebhooks library. It can be
// down (not listening) and refuse chosen deliveries, as a publisher that is
// restarting or busy would.

export interface Delivery {
  webhookId: string
  /** The library verified the signature and the timestamp. */
  verified: boolean
  body: { event: string; refs: { type: string; id: string | null }[] }
  /** The status answered. */
  answered: number
}

export interface WebhookListener {
  url: string
  deliveries: Delivery[]
  /** Answers 503 to deliveries that `refuse` picks, until cleared. */
  refuseWhen(refuse: ((body: Delivery["body"]) => boolean) | undefined): void
  up(): Promise<void>
  down(): Promise<void>
}

export function webhookListener(port: number, secret: string): WebhookListener {
  const deliveries: Delivery[] = []
  let refuse: ((body: Delivery["body"]) => boolean) | undefined
  let server: http.Server | undefined
  const handle = (request: http.IncomingMessage, response: http.ServerResponse) => {
    let raw = ""
    request.setEncoding("utf8")
    request.on("data", (chunk: string) => (raw += chunk))
    request.on("end", () => {
      let verified = true
      try {
        new Webhook(secret).verify(raw, request.headers as Record<string, string>)
      } catch {
        verified = false
      }
      const body = JSON.parse(raw) as Delivery["body"]
      const answered = refuse?.(body) ? 503 : 204
      deliveries.push({ webhookId: String(request.headers["webhook-id"]), verified, body, answered })
      response.writeHead(answered).end()
    })
  }
  return {
    url: `http://127.0.0.1:${port}/hooks/catalogue`,
    deliveries,
    refuseWhen: (picker) => void (refuse = picker),
    up: () =>
      new Promise((resolve, reject) => {
        server = http.createServer(handle)
        server.once("error", reject)
        server.listen(port, "127.0.0.1", () => resolve())
      }),
    down: () =>
      new Promise((resolve) => {
        if (!server) return resolve()
        server.close(() => resolve())
        server.closeAllConnections()
        server = undefined
      }),
  }
}
