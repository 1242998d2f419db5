import fs from "node:fs"
import http from "node:http"
import { reportReady, stopWithSupervisor, supervisedListenFd } from "../../../publisher/src/process/supervised-server"

/**
 * A stand-in server for the supervisor's tests, on the supervisor's socket:
 * answers every request with its pid. Environment:
 *   FAKE_SERVER_RECORD  a file it appends { event, pid, at } to: start, ready, stop
 *   FAKE_SERVER_EXIT    exits with this code before it is ready (a failed start)
 *   FAKE_SERVER_CRASH   "1": exits with 1 soon after it is ready (a crash loop)
 */
const record = (event: string) => fs.appendFileSync(process.env.FAKE_SERVER_RECORD ?? "/dev/null", `${JSON.stringify({ event, pid: process.pid, at: Date.now() })}\n`)

record("start")
if (process.env.FAKE_SERVER_EXIT) process.exit(Number(process.env.FAKE_SERVER_EXIT))
const server = http.createServer((_request, response) => response.end(String(process.pid)))
server.listen({ fd: supervisedListenFd() }, () => {
  record("ready")
  reportReady()
  // Soon, not at once: the ready message first reaches the supervisor.
  if (process.env.FAKE_SERVER_CRASH === "1") setTimeout(() => process.exit(1), 50)
})
process.once("SIGTERM", () => {
  record("stop")
  server.close(() => process.exit(0))
  server.closeAllConnections()
})
stopWithSupervisor()
