import type { Page } from "playwright-core"

/** Starts summing the page's layout shift (as CLS counts it: not right after input) from its next navigation. */
export async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = window as unknown as { layoutShift: number }
    state.layoutShift = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) state.layoutShift += entry.value
      }
    }).observe({ type: "layout-shift", buffered: true })
  })
}

/** The layout shift summed since navigation, read `ms` from now: what arrives late is part of it. */
export function layoutShiftAfter(page: Page, ms: number): Promise<number> {
  return page.evaluate(
    (wait) => new Promise<number>((resolve) => setTimeout(() => resolve((window as unknown as { layoutShift: number }).layoutShift), wait)),
    ms,
  )
}
