import http from "node:http"

export interface RawAnswer {
  statusCode: number
  headers: http.IncomingHttpHeaders
  body: string
}

/**
 * One request with exactly these headers and method: fetch will not send a
 * Host, Origin or Sec-Fetch-Site of a test's choosing, nor some methods.
 */
export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // A connection of its own: a server that answers before reading a body (a refusal) may close it, and a kept-alive socket would carry that into the next request.
    const outgoing = http.request(url, { method: options.method ?? "GET", headers: options.headers ?? {}, agent: false }, (response) => {
      let body = ""
      response.setEncoding("utf8")
      response.on("data", (chunk: string) => (body += chunk))
      response.on("end", () => resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body }))
    })
    outgoing.on("error", reject)
    outgoing.end(options.body)
  })
}
