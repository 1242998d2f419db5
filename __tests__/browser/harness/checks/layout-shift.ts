import type { Page } from "playwright-core"

/** The layout shift summed since navigation, and what moved in each shift (so a failure says where to look). */
export interface LayoutShift {
  score: number
  /** Per shift: its time and value, and each moved element with its box before and after. */
  moves: string[]
}

/** Starts summing the page's layout shift (as CLS counts it: not right after input) from its next navigation. */
export async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = window as unknown as { layoutShift: { score: number; moves: string[] } }
    state.layoutShift = { score: 0, moves: [] }
    const box = (rect: DOMRectReadOnly) => [rect.x, rect.y, rect.width, rect.height].map(Math.round).join(",")
    const name = (node: Node | null) => {
      if (!(node instanceof Element)) return node ? `text "${(node.textContent ?? "").trim().slice(0, 30)}"` : "(gone)"
      const label = (node.getAttribute("aria-label") ?? node.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30)
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""} "${label}"`
    }
    type Shift = PerformanceEntry & {
      value: number
      hadRecentInput: boolean
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue
        state.layoutShift.score += entry.value
        const moved = entry.sources.map((source) => `${name(source.node)} [${box(source.previousRect)}] → [${box(source.currentRect)}]`)
        state.layoutShift.moves.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join("; ")}`)
      }
    }).observe({ type: "layout-shift", buffered: true })
  })
}

/** The layout shift since navigation, read `ms` from now: what arrives late is part of it. */
export function layoutShiftAfter(page: Page, ms: number): Promise<LayoutShift> {
  return page.evaluate((wait) => new Promise<LayoutShift>((resolve) => setTimeout(() => resolve((window as unknown as { layoutShift: LayoutShift }).layoutShift), wait)), ms)
}

/** Nothing when the shift is within `budget`; otherwise the score over `span` and every move in it. */
export function shiftFailures(shift: LayoutShift, budget: number, span: string): string[] {
  if (shift.score <= budget) return []
  return [`layout shift ${shift.score.toFixed(4)} from navigation to ${span} (at most ${budget})`, ...shift.moves.map((move) => `  shift ${move}`)]
}
