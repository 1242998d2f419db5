// Taken when the module loads, before any test fakes the clock: a test that
// runs the code under test on Jest's timers still waits for real I/O in real time.
const { setTimeout: realSetTimeout } = globalThis
const realNow = Date.now

/**
 * Waits until `check` holds, looking every 10 ms, and fails naming `what`
 * (worked out when it fails, so it can say what there was instead) after
 * `timeoutMs`: a deadline for what must happen, not a measure of how fast it does.
 */
export async function waitFor(check: () => boolean, what: string | (() => string), timeoutMs = 10_000): Promise<void> {
  const deadline = realNow() + timeoutMs
  while (!check()) {
    if (realNow() > deadline) throw new Error(`Gave up waiting for ${typeof what === "string" ? what : what()}`)
    await new Promise((resolve) => realSetTimeout(resolve, 10))
  }
}
