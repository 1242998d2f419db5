import type { Reporter } from "gatsby"

/** A started progress bar of `total` steps. */
export function progressBar(reporter: Reporter, label: string, total: number) {
  const bar = reporter.createProgress(label, total)
  bar.start()
  return bar
}
