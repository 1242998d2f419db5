const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Asks `probe` every `intervalMs` until it answers a value (a probe that
 * throws counts as no answer yet: a server still starting), and returns
 * it; after `timeoutMs`, fails naming `what` did not happen.
 */
export async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined)
    if (value !== undefined) return value
    await sleep(intervalMs)
  }
  throw new Error(`Timed out after ${(timeoutMs / 1000).toFixed(1)} s waiting for ${what}`)
}
