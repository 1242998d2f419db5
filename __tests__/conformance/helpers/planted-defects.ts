import http from "node:http"
import type { AddressInfo } from "node:net"
import { secretKeys, signWebhook, WEBHOOK_HEADERS } from "../../../contract/webhook-signature"
import { startTestServer, type TestServer } from "../../cms/helpers/test-server"

// A backend with one planted defect: the reference server behind a small
// proxy that breaks exactly one rule of catalogue-api.md, and a relay between
// the server's signed webhook and the kit that can spoil its signature. With
// no defect planted, both pass everything through unchanged.

export const PREVIEW_TOKEN = "conformance-preview-token-0123456789"
export const WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 11).toString("base64")}`
/** Another secret's signature: what a backend configured with the wrong secret sends. */
const OTHER_SECRET = `whsec_${Buffer.alloc(32, 12).toString("base64")}`

export const DEFECTS = [
  "a non-path-safe id",
  "a missing updated_at",
  "no CORS header on /search",
  "no preflight on /subscribe",
  "a changes feed without now",
  "200 instead of 410 for a missing since",
  "no tombstone after a delete",
  "the draft view answering 200 without the token",
  "no draft flags",
  "search showing a draft",
  "an unsigned webhook delivery",
  "a wrongly signed webhook delivery",
] as const
export type Defect = (typeof DEFECTS)[number]

interface Exchange {
  method: string
  url: URL
  requestHeaders: Record<string, string>
  status: number
  headers: Record<string, string>
  /** The parsed body, when JSON; replaced or changed in place by a defect. */
  json: any // eslint-disable-line @typescript-eslint/no-explicit-any -- any JSON a planted defect answers
}

/** Removes every `draft` field, however deep. */
function stripDrafts(value: unknown): void {
  if (Array.isArray(value)) value.forEach(stripDrafts)
  else if (typeof value === "object" && value !== null) {
    delete (value as Record<string, unknown>).draft
    Object.values(value).forEach(stripDrafts)
  }
}

const is = (exchange: Exchange, method: string, path: RegExp) => exchange.method === method && path.test(exchange.url.pathname)

/** Each API defect as a change to one exchange (its request before it is sent, or its answer after). */
const API_DEFECTS: Partial<Record<Defect, { request?: (exchange: Exchange) => void; answer?: (exchange: Exchange, server: TestServer) => Promise<void> | void }>> = {
  "a non-path-safe id": { answer: (x) => void (is(x, "GET", /^\/api\/episodes\/\d+$/) && x.json?.data && (x.json.data.series_id = "../101")) },
  "a missing updated_at": { answer: (x) => void (is(x, "GET", /^\/api\/series\/\d+$/) && x.json?.data && delete x.json.data.updated_at) },
  "no CORS header on /search": { answer: (x) => void (is(x, "GET", /^\/api\/search$/) && delete x.headers["access-control-allow-origin"]) },
  "no preflight on /subscribe": {
    answer: (x) => {
      if (!is(x, "OPTIONS", /^\/api\/subscribe$/)) return
      x.status = 404
      x.headers = { "content-type": "application/json" }
      x.json = { message: "There is nothing at OPTIONS /api/subscribe." }
    },
  },
  "a changes feed without now": { answer: (x) => void (is(x, "GET", /^\/api\/changes$/) && x.json?.data && delete x.json.data.now) },
  "200 instead of 410 for a missing since": {
    answer: (x) => {
      if (!is(x, "GET", /^\/api\/changes$/) || x.url.searchParams.has("since")) return
      x.status = 200
      x.json = { data: { now: new Date().toISOString(), changed: [], deleted: [] } }
    },
  },
  "no tombstone after a delete": { answer: (x) => void (is(x, "GET", /^\/api\/changes$/) && x.json?.data && (x.json.data.deleted = [])) },
  "the draft view answering 200 without the token": {
    request: (x) => void (x.url.searchParams.get("preview") === "1" && !x.requestHeaders.authorization && (x.requestHeaders.authorization = `Bearer ${PREVIEW_TOKEN}`)),
  },
  "no draft flags": { answer: (x) => stripDrafts(x.json) },
  "search showing a draft": {
    // As a backend whose search index takes drafts in: every drafted series whose title has the words.
    answer: async (x, server) => {
      const q = (x.url.searchParams.get("q") ?? "").toLowerCase()
      if (!is(x, "GET", /^\/api\/search$/) || !q || !Array.isArray(x.json?.data)) return
      const drafts = ((await server.admin("drafts")).body as { data: { type: string; id: number; title: string | null }[] }).data
      const shown = drafts.filter((draft) => draft.type === "series" && draft.title?.toLowerCase().includes(q))
      if (shown.length > 0) x.json.data.push({ id: 1, title: "Fitness", series: shown.map(({ id, title }) => ({ id, title, description: null, images: [] })) })
    },
  },
}

const readBody = (request: http.IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => resolve(Buffer.concat(chunks)))
  })

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Headers fetch must set itself, or that no longer hold once the body is read (decoded, re-sent whole). */
const HOP_HEADERS = new Set(["host", "connection", "content-length", "transfer-encoding", "content-encoding", "keep-alive"])
const withoutHop = (headers: Iterable<[string, string]>) => Object.fromEntries([...headers].filter(([name]) => !HOP_HEADERS.has(name.toLowerCase())))

/** Sends one request on to the reference server, with the planted defect's changes before and after. */
async function proxied(request: http.IncomingMessage, response: http.ServerResponse, server: TestServer, defect: Defect | null) {
  const body = await readBody(request)
  const planted = defect ? API_DEFECTS[defect] : undefined
  const requestHeaders = withoutHop(Object.entries(request.headers).map(([name, value]) => [name, [value ?? ""].flat().join(", ")]))
  const exchange: Exchange = { method: request.method ?? "GET", url: new URL(request.url ?? "/", server.origin), requestHeaders, status: 0, headers: {}, json: undefined }
  planted?.request?.(exchange)
  const answer = await fetch(exchange.url, { method: exchange.method, headers: exchange.requestHeaders, body: body.length > 0 ? new Uint8Array(body) : undefined })
  const text = await answer.text()
  Object.assign(exchange, { status: answer.status, headers: withoutHop(answer.headers.entries()) })
  try {
    exchange.json = JSON.parse(text)
  } catch {
    // Not JSON: passed on as it came.
  }
  await planted?.answer?.(exchange, server)
  response.writeHead(exchange.status, exchange.headers).end(exchange.json === undefined ? text : JSON.stringify(exchange.json))
}

/** Passes a delivery on to the kit (spoilt as planted); one sent while the kit is not listening is dropped, so it is not retried into a later run. */
async function relayed(request: http.IncomingMessage, response: http.ServerResponse, kitHookUrl: string, defect: Defect | null) {
  const body = await readBody(request)
  const headers = withoutHop(Object.entries(request.headers).map(([name, value]) => [name, [value ?? ""].flat().join(", ")]))
  if (defect === "an unsigned webhook delivery") delete headers[WEBHOOK_HEADERS.signature]
  if (defect === "a wrongly signed webhook delivery") {
    headers[WEBHOOK_HEADERS.signature] = signWebhook(OTHER_SECRET, { id: headers[WEBHOOK_HEADERS.id]!, timestamp: Number(headers[WEBHOOK_HEADERS.timestamp]), body })
  }
  try {
    const answer = await fetch(kitHookUrl, { method: "POST", headers, body: new Uint8Array(body) })
    response.writeHead(answer.status).end()
  } catch {
    response.writeHead(204).end()
  }
}

export interface PlantedBackend {
  server: TestServer
  /** The reference server's own API. */
  apiUrl: string
  /** The same API through the proxy, with whatever defect is planted. */
  proxyApiUrl: string
  /** Plants one defect (null: none) in the proxy and the relay. */
  plant(defect: Defect | null): void
  close(): Promise<void>
}

/** The reference server (drafts on, its webhook sent through the relay to `kitHookUrl`), the proxy and the relay. */
export async function startPlantedBackend(kitHookUrl: string): Promise<PlantedBackend> {
  let defect: Defect | null = null
  const relay = http.createServer((request, response) => void relayed(request, response, kitHookUrl, defect))
  const relayOrigin = await listen(relay)
  const server = await startTestServer(
    { webhook: { url: `${relayOrigin}/hooks/catalogue`, keys: secretKeys(WEBHOOK_SECRET), retryBaseMs: 50 }, subscribeRateLimit: null },
    { drafts: { previewToken: PREVIEW_TOKEN } },
  )
  const proxy = http.createServer((request, response) => void proxied(request, response, server, defect))
  const proxyOrigin = await listen(proxy)
  const close = (each: http.Server) => (each.closeAllConnections(), new Promise((resolve) => each.close(resolve)))
  return {
    server,
    apiUrl: `${server.origin}/api`,
    proxyApiUrl: `${proxyOrigin}/api`,
    plant: (next) => void (defect = next),
    async close() {
      await server.destroy()
      await Promise.all([close(proxy), close(relay)])
    },
  }
}
