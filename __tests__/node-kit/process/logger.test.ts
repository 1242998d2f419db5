import Fastify from "fastify"
import type { FastifyRequest } from "fastify"
import { logSettings, prettyDestination, prettyLine, serverLogging } from "../../../node-kit/process/logger"

describe("logSettings", () => {
  it("is silent under Jest, info otherwise, and reads LOG_LEVEL and LOG_FORMAT", () => {
    expect(logSettings({ NODE_ENV: "test" })).toEqual({ level: "silent", format: "pretty" })
    expect(logSettings({})).toEqual({ level: "info", format: "pretty" })
    expect(logSettings({ NODE_ENV: "production" })).toEqual({ level: "info", format: "json" })
    expect(logSettings({ NODE_ENV: "test", LOG_LEVEL: "DEBUG", LOG_FORMAT: "json" })).toEqual({ level: "debug", format: "json" })
    expect(logSettings({ LOG_LEVEL: "loud", LOG_FORMAT: "xml" })).toEqual({ level: "info", format: "pretty" })
  })

  it("logs request lines at debug only", () => {
    const request = {} as FastifyRequest
    expect(serverLogging({ level: "info", format: "json" }).logController?.isLogDisabled(request)).toBe(true)
    expect(serverLogging({ level: "debug", format: "json" }).logController?.isLogDisabled(request)).toBe(false)
  })
})

describe("prettyLine", () => {
  it("writes time, level and message on one line, other fields as key=value, an error's stack below", () => {
    const time = Date.UTC(2025, 0, 1, 14, 3, 27, 120)
    expect(prettyLine(JSON.stringify({ level: 30, time, pid: 1, hostname: "h", msg: "Publisher: site on http://x/", reqId: "req-1", n: 2 }))).toBe(
      "14:03:27.120 INFO  Publisher: site on http://x/ reqId=req-1 n=2\n",
    )
    expect(prettyLine(JSON.stringify({ level: 50, time, msg: "GET / failed", err: { message: "boom", stack: "Error: boom\n    at x" } }))).toBe(
      "14:03:27.120 ERROR GET / failed\n    Error: boom\n        at x\n",
    )
    expect(prettyLine("not json")).toBe("not json\n")
  })

  it("is what a Fastify app logs through in the pretty format", () => {
    const written: string[] = []
    const app = Fastify({ logger: { level: "info", stream: prettyDestination({ write: (text) => written.push(text) }) } })
    app.log.info({ jobId: 3 }, "Job queued")
    expect(written).toEqual([expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}Job queued jobId=3\n$/)])
  })
})
