import http from "node:http"
import { MAX_WEBHOOK_BODY_BYTES } from "../../../contract/webhook-signature"

// Where the backend's signed webhook arrives while the kit checks it: a small
// HTTP server on 127.0.0.1 standing where the publisher's /hooks/catalogue
// would. It answers as the publisher does (2xx for a delivery that verifies,
// 401 for one that does not), so the backend's retries behave as they would.

/** The path the publisher takes deliveries at (catalogue-api.md). */
export const HOOK_PATH = "/hooks/catalogue"

export interface Delivery {
  method: string
  path: string
  /** Header names in lower case. */
  headers: Record<string, string>
  body: string
  receivedAt: number
  /** Why the signature does not verify; undefined when it does. */
  refusal?: string
}

export class WebhookListener {
  readonly deliveries: Delivery[] = []
  private waiters: Array<() => void> = []

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  /** Listens on 127.0.0.1:{port}; `verify` says why a delivery is refused, or undefined. */
  static open(port: number, verify: (delivery: Delivery) => string | undefined): Promise<WebhookListener> {
    return new Promise((resolve, reject) => {
      const server = http.createServer()
      const listener = new WebhookListener(server, `http://127.0.0.1:${port}${HOOK_PATH}`)
      server.on("request", (request, response) => listener.receive(request, response, verify))
      server.once("error", reject)
      server.listen(port, "127.0.0.1", () => resolve(listener))
    })
  }

  private receive(request: http.IncomingMessage, response: http.ServerResponse, verify: (delivery: Delivery) => string | undefined) {
    const chunks: Buffer[] = []
    let size = 0
    request.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_WEBHOOK_BODY_BYTES) chunks.push(chunk)
    })
    request.on("end", () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, [value ?? ""].flat().join(", ")]))
      const delivery: Delivery = {
        method: request.method ?? "",
        path: (request.url ?? "").split("?")[0]!,
        headers,
        body: Buffer.concat(chunks).toString("utf8"),
        receivedAt: Date.now(),
      }
      if (size > MAX_WEBHOOK_BODY_BYTES) delivery.refusal = `the body is ${size} bytes, over the 1 MiB the publisher takes`
      else delivery.refusal = verify(delivery)
      this.deliveries.push(delivery)
      response.writeHead(delivery.refusal ? 401 : 204).end()
      for (const wake of this.waiters.splice(0)) wake()
    })
  }

  /** The first delivery that `wanted` takes, or undefined once `deadlineMs` has passed. */
  async next(wanted: (delivery: Delivery) => boolean, deadlineMs: number): Promise<Delivery | undefined> {
    const deadline = Date.now() + deadlineMs
    for (;;) {
      const found = this.deliveries.find(wanted)
      if (found) return found
      const left = deadline - Date.now()
      if (left <= 0) return undefined
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => (clearTimeout(timer), resolve()))
      })
    }
  }

  close(): Promise<void> {
    this.server.closeAllConnections()
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}
