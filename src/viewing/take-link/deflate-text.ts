/**
 * Text to deflate-raw bytes in base64url and back, with the browser's own
 * Compression Streams (no library; see canTakeLinks). Deflate more than halves a list: titles repeat between saved series
 * and positions, and picture paths share their folders.
 */

const FORMAT = "deflate-raw"

function toBase64Url(bytes: Uint8Array): string {
  let binary = ""
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/** `text`'s UTF-8 bytes, deflated, in base64url. */
export async function deflateToBase64Url(text: string): Promise<string> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream(FORMAT))
  return toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()))
}

/** Reads at most `maxBytes` from the stream; undefined past that, unread. */
async function readAtMost(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array | undefined> {
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      return undefined
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/**
 * The text deflateToBase64Url wrote, or undefined for anything else: not
 * base64url, not deflate, inflating past `maxBytes`, or not UTF-8.
 */
export async function inflateFromBase64Url(data: string, maxBytes: number): Promise<string | undefined> {
  const bytes = fromBase64Url(data)
  if (!bytes) return undefined
  try {
    const inflated = await readAtMost(new Blob([bytes]).stream().pipeThrough(new DecompressionStream(FORMAT)), maxBytes)
    return inflated && new TextDecoder("utf-8", { fatal: true }).decode(inflated)
  } catch {
    return undefined
  }
}
