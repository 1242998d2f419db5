import Fastify, { type FastifyInstance } from "fastify"
import type { AddressInfo } from "node:net"
import { Writable } from "node:stream"
import { HttpError, installErrorHandler } from "../../../node-kit/http/http-error"

class GoneError extends HttpError {
  constructor(what: string) {
    super(410, `${what} is gone`, { headers: { "x-why": "deleted" } })
  }
}

/** Jest here cannot load light-my-request's ESM dependency, so app.inject is out: a real port and fetch. */
async function request(app: FastifyInstance, path: string, init?: RequestInit) {
  if (!app.server.listening) await app.listen({ host: "127.0.0.1", port: 0 })
  const { port } = app.server.address() as AddressInfo
  const response = await fetch(`http://127.0.0.1:${port}${path}`, init)
  const body = await response.text()
  return { statusCode: response.status, headers: response.headers, body, json: () => JSON.parse(body) as unknown }
}

const apps: FastifyInstance[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
})

function appWithLog() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>)
      done()
    },
  })
  const app = Fastify({ logger: { level: "error", stream }, bodyLimit: 2048 })
  installErrorHandler(app, { serverErrorMessage: "Something went wrong here.", messages: { FST_ERR_CTP_EMPTY_JSON_BODY: "Send {}." } })
  app.get("/gone", async () => {
    throw new GoneError("Episode 7")
  })
  app.get("/custom", async () => {
    throw new HttpError(409, "not shown", { body: { message: "conflict", current: 3 } })
  })
  app.get("/off", async () => {
    throw new HttpError(503, "Webhooks are off: no secret.", { headers: { "retry-after": "60" } })
  })
  app.get("/broken", async () => {
    throw new Error("secret detail")
  })
  app.get<{ Params: { id: number } }>("/items/:id", { schema: { params: { type: "object", properties: { id: { type: "integer" } } } } }, async () => "ok")
  app.post("/echo", async (request) => request.body)
  apps.push(app)
  return { app, lines }
}

describe("installErrorHandler", () => {
  it("answers an HttpError with its status, headers and message", async () => {
    const { app } = appWithLog()
    const response = await request(app, "/gone")
    expect(response.statusCode).toBe(410)
    expect(response.headers.get("x-why")).toBe("deleted")
    expect(response.json()).toEqual({ message: "Episode 7 is gone" })
    expect((await request(app, "/custom")).json()).toEqual({ message: "conflict", current: 3 })
  })

  it("answers a 5xx generically and logs the error with its stack", async () => {
    const { app, lines } = appWithLog()
    const response = await request(app, "/broken")
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ message: "Something went wrong here." })
    expect(response.body).not.toContain("secret detail")
    expect(lines).toHaveLength(1)
    expect(lines[0]?.msg).toBe("GET /broken failed")
    expect((lines[0]?.err as { stack: string }).stack).toMatch(/secret detail\n\s+at /)
  })

  it("answers a 5xx HttpError with its own message and logs one line without a stack", async () => {
    const { app, lines } = appWithLog()
    app.log.level = "warn"
    const response = await request(app, "/off")
    expect(response.statusCode).toBe(503)
    expect(response.headers.get("retry-after")).toBe("60")
    expect(response.json()).toEqual({ message: "Webhooks are off: no secret." })
    expect(lines).toEqual([expect.objectContaining({ level: 40, msg: "GET /off: 503 Webhooks are off: no secret." })])
    expect(lines[0]).not.toHaveProperty("err")
  })

  it("answers schema validation and Fastify's body errors with 400 and a message", async () => {
    const { app } = appWithLog()
    const invalid = await request(app, "/items/seven")
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json()).toEqual({ message: "params/id must be integer" })

    const json = { "content-type": "application/json" }
    expect((await request(app, "/echo", { method: "POST", headers: json, body: "{nope" })).json()).toEqual({
      message: "The request body is not valid JSON.",
    })
    expect((await request(app, "/echo", { method: "POST", headers: json, body: "" })).json()).toEqual({ message: "Send {}." })
    const large = await request(app, "/echo", { method: "POST", headers: json, body: JSON.stringify({ a: "x".repeat(4096) }) })
    expect(large.statusCode).toBe(413)
    expect(large.json()).toEqual({ message: "The request body is larger than 2 KiB." })
  })
})
