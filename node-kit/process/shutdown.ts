import type { FastifyInstance } from "fastify"

/** How long open requests get to finish before their connections are cut. */
export const DEFAULT_GRACE_MS = 5000

/**
 * Closes a Fastify app within `graceMs`: it stops accepting at once and lets
 * requests under way finish; whatever is still connected after `graceMs`
 * (a keep-alive client, a response nobody reads) is cut with
 * `closeAllConnections()`. Without that cut, close() waits on Fastify's
 * 72-second keep-alive.
 */
export async function closeApp(app: FastifyInstance, graceMs = DEFAULT_GRACE_MS): Promise<void> {
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs)
  cut.unref()
  try {
    await app.close()
  } finally {
    clearTimeout(cut)
  }
}

/** How long one step of stopping may take before the log names it. */
export const SLOW_STOP_STEP_MS = 10_000

/**
 * Runs the steps of stopping a service in order. While one takes longer
 * than `slowMs`, the log names it every `slowMs`, so a stop that does not
 * end says what it waits for.
 */
export async function stopInSteps(
  steps: ReadonlyArray<readonly [what: string, step: () => unknown]>,
  log: Pick<FastifyInstance["log"], "warn">,
  slowMs = SLOW_STOP_STEP_MS,
): Promise<void> {
  for (const [what, step] of steps) {
    const started = Date.now()
    const slow = setInterval(() => log.warn(`Stopping: still waiting for ${what} after ${Math.round((Date.now() - started) / 1000)} s`), slowMs)
    // The stop itself keeps the process alive while it must; the reminder never does.
    slow.unref()
    try {
      await step()
    } finally {
      clearInterval(slow)
    }
  }
}

export interface ShutdownOptions {
  /** The app to close first; leave it out when `cleanup` closes it (a service object that owns its app). */
  app?: FastifyInstance
  /** Runs after the app is closed: close databases, stop children. */
  cleanup?: () => unknown
  graceMs?: number
  /** Where "stopping" and a failed cleanup are reported; default the app's logger. */
  log?: Pick<FastifyInstance["log"], "info" | "error">
  signals?: readonly NodeJS.Signals[]
  /** Default process.exit; tests pass their own. */
  exit?: (code: number) => void
}

/**
 * The one graceful shutdown of the services: on the first SIGINT or SIGTERM,
 * close the app within its grace period, run the caller's cleanup, and exit
 * 0, or 1 if something failed on the way. A second signal ends the process
 * at once (Node's default), for an operator who will not wait. Answers a
 * function that removes the handlers.
 */
export function shutdownOnSignals(options: ShutdownOptions): () => void {
  const { app, cleanup, graceMs, signals = ["SIGINT", "SIGTERM"], exit = (code: number) => process.exit(code) } = options
  const log = options.log ?? app?.log
  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    log?.info(`${signal}: stopping`)
    try {
      if (app) await closeApp(app, graceMs)
      await cleanup?.()
      exit(0)
    } catch (error) {
      log?.error({ err: error }, "Stopping failed")
      exit(1)
    }
  }
  for (const signal of signals) process.once(signal, stop)
  return () => {
    for (const signal of signals) process.off(signal, stop)
  }
}
