import type { Page } from "playwright-core"

/**
 * Resolves once the page has run what React scheduled before this call: its
 * render, then its effects, then a render those asked for. React schedules
 * each as a posted message (the page's clock, even paused, does not hold those
 * back), and messages run in the order they were posted, so one posted after
 * each runs after it. A check that something did not show reads the page
 * after this, not after a guess at how long rendering takes.
 */
export async function rendered(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let round = 0; round < 3; round++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolve()
        channel.port2.postMessage(null)
      })
    }
  })
}
