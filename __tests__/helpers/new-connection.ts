import http from "node:http"

/**
 * A GET over a connection of its own (no keep-alive pool), as a visitor
 * arriving now opens one, answered within 30 s. A timeout rejects with a
 * `TimeoutError`, as fetch's AbortSignal.timeout does; a socket error
 * (ECONNREFUSED, ECONNRESET) rejects as it comes.
 */
export function getOnNewConnection(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, timeout: 30_000 }, (response) => {
      let body = ""
      response.setEncoding("utf8")
      response.on("data", (chunk: string) => (body += chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }))
      response.on("error", reject)
    })
    request.on("timeout", () => request.destroy(Object.assign(new Error(`no answer from ${url} within 30 s`), { name: "TimeoutError" })))
    request.on("error", reject)
  })
}
