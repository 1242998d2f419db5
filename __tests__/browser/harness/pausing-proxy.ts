import http from "node:http"
import type { AddressInfo } from "node:net"

export interface PausingProxy {
  origin: string
  /** The next answer for `path` sends its first `at` bytes, waits `pauseMs`, then the rest; every other answer passes whole. */
  pauseNext: (path: string, at: number, pauseMs: number) => void
  close: () => Promise<void>
}

/**
 * A proxy in front of `target` that can hold a page's HTML halfway, as a slow
 * or busy connection delivers it: the browser parses and may paint what it has
 * got, then the rest arrives.
 */
export async function startPausingProxy(target: string): Promise<PausingProxy> {
  let pause: { path: string; at: number; pauseMs: number } | null = null
  const server = http.createServer((request, response) => {
    const upstream = http.get(new URL(request.url ?? "/", target), { headers: { ...request.headers, "accept-encoding": "identity" } }, (answer) => {
      const chunks: Buffer[] = []
      answer.on("data", (chunk: Buffer) => chunks.push(chunk))
      answer.on("end", () => {
        const body = Buffer.concat(chunks)
        const { "content-length": _length, ...headers } = answer.headers
        response.writeHead(answer.statusCode ?? 502, headers)
        const held = pause && pause.path === request.url ? pause : null
        if (!held) return void response.end(body)
        pause = null
        response.write(body.subarray(0, held.at))
        setTimeout(() => response.end(body.subarray(held.at)), held.pauseMs)
      })
    })
    upstream.on("error", () => response.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    pauseNext: (path, at, pauseMs) => {
      pause = { path, at, pauseMs }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
