/**
 * What one of the site's build hooks hands a later one (createPages to
 * onPostBuild), in memory: Gatsby runs the site's gatsby-node hooks in the
 * build's main process, and a process runs one build. A large catalogue's
 * hand-overs are megabytes, which written out and read back as JSON cost a
 * warm build half a second. A value is taken once (returned and forgotten),
 * so a hook never reads what it was not handed in this build.
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
