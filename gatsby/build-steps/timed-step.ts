import type { Reporter } from "gatsby"

/**
 * Runs one step of a build hook under an activity of its own, so the build's
 * log says what each step cost (`success <name> - <seconds>s`), as Gatsby's
 * own steps do, and the publish benchmark's phase table shows it. The
 * activity ends whether or not the step succeeds.
 */
export async function timedStep<T>(reporter: Reporter, name: string, step: () => T | Promise<T>): Promise<T> {
  const activity = reporter.activityTimer(name)
  activity.start()
  try {
    return await step()
  } finally {
    activity.end()
  }
}
