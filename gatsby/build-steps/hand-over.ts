/**
 * What one of the site's build hooks hands a later one (createPages to
 * onPostBuild), in memory: Gatsby runs the site's gatsby-node hooks in the
 * build's main process, and a process runs one build. A large catalogue's
 * hand-overs are megabytes, too many to write out and read back in every
 * build (decision 0010). A value is taken once (returned and forgotten).
 */
export interface HandOver<T> {
  give(value: T): void
  /** What was given since the last take, or undefined. */
  take(): T | undefined
}

export function handOver<T>(): HandOver<T> {
  let held: T | undefined
  return {
    give: (value) => {
      held = value
    },
    take: () => {
      const value = held
      held = undefined
      return value
    },
  }
}
