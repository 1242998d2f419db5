/**
 * Waits until `check` holds, looking every 10 ms, and fails naming `what`
 * after `timeoutMs`: a deadline for what must happen, not a measure of how
 * fast it does.
 */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
