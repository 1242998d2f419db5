import { inspect } from "node:util"

// Taken when the module loads, before any test fakes the clock: a test that
// runs the code under test on Jest's timers still waits for real I/O in real time.
const { setTimeout: realSetTimeout } = globalThis
const realNow = Date.now

export interface WaitOptions {
  /** How long to keep asking, in ms: a deadline for what must happen, not a measure of how fast it does. */
  timeout: number
  /**
   * What is awaited, for the failure ("the first release"). A function is asked
   * only when the wait fails, so it can say what there was instead.
   */
  what: string | (() => string | Promise<string>)
  /** How long between two answers, in ms. */
  interval?: number
}

/** What a probe answers while the awaited thing has not happened yet. */
type NotYet = undefined | null | false

/**
 * Asks `probe` until it answers something other than `undefined`, `null` or
 * `false`, and returns that answer. A probe that throws has not answered yet
 * either (a server still starting), but its error is kept: when `timeout`
 * passes, the failure names `what`, the timeout, and the probe's last error
 * (as its `cause`) or last answer, so a real fault does not show as a bare timeout.
 */
export async function waitFor<T>(probe: () => T | Promise<T>, { timeout, what, interval = 20 }: WaitOptions): Promise<Exclude<T, NotYet>> {
  const deadline = realNow() + timeout
  for (;;) {
    let last: { threw: true; error: unknown } | { threw: false; value: T }
    try {
      const value = await probe()
      if (value !== undefined && value !== null && value !== false) return value as Exclude<T, NotYet>
      last = { threw: false, value }
    } catch (error) {
      last = { threw: true, error }
    }
    if (realNow() >= deadline) {
      // A description that fails (a server gone) must not hide the timeout it describes.
      const awaited =
        typeof what === "string"
          ? what
          : await Promise.resolve()
              .then(what)
              .catch((error: unknown) => `something it could not describe (${String(error)})`)
      const after = `Timed out after ${(timeout / 1000).toFixed(1)} s waiting for ${awaited}`
      if (!last.threw) throw new Error(`${after}; the probe last answered ${inspect(last.value, { depth: 3, breakLength: Infinity })}`)
      const reason = last.error instanceof Error ? last.error.message : inspect(last.error)
      throw new Error(`${after}; the probe last threw: ${reason}`, { cause: last.error })
    }
    await new Promise((resolve) => realSetTimeout(resolve, interval))
  }
}
