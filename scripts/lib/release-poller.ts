/**
 * A visitor who keeps reloading a few pages through a release: counts the
 * answers they must never get. Not 200 (the site down or a page gone that
 * should not be), or a page naming a script that is not served (a page of
 * one release with the scripts of none: a mixed release). Used by the
 * publish and CDN benchmarks and the tests through Varnish.
 */
export interface ReleasePoller {
  counts: { requests: number; non200: number; mixed: number; examples: string[] }
  /** Stops after the round under way; answers the counts. */
  stop(): Promise<ReleasePoller["counts"]>
}

export function startReleasePoller(siteUrl: string, paths: string[], pauseMs = 200): ReleasePoller {
  let running = true
  const counts = { requests: 0, non200: 0, mixed: 0, examples: [] as string[] }
  const note = (example: string) => {
    if (counts.examples.length < 5) counts.examples.push(example)
  }
  const loop = (async () => {
    while (running) {
      for (const pagePath of paths) {
        try {
          const response = await fetch(`${siteUrl}${pagePath}`)
          counts.requests += 1
          const html = await response.text()
          if (response.status !== 200) {
            counts.non200 += 1
            note(`${pagePath}: HTTP ${response.status}`)
            continue
          }
          // A page names its scripts; a page from one release with scripts of none would break.
          const script = /\/(app-[a-f0-9]+\.js)/.exec(html)?.[1]
          if (script && (await fetch(`${siteUrl}/${script}`, { method: "HEAD" })).status !== 200) {
            counts.mixed += 1
            note(`${pagePath}: names ${script}, which is not served`)
          }
        } catch (error) {
          counts.non200 += 1
          note(`${pagePath}: ${error instanceof Error ? error.message : error}`)
        }
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs))
    }
  })()
  return {
    counts,
    stop: async () => {
      running = false
      await loop
      return counts
    },
  }
}
