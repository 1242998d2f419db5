export type Limiter = <T>(task: () => Promise<T>) => Promise<T>

/** Runs at most `concurrency` tasks at once; the rest wait in order. */
export function createLimiter(concurrency: number): Limiter {
  let active = 0
  const waiting: (() => void)[] = []
  const next = () => {
    active -= 1
    waiting.shift()?.()
  }
  return async (task) => {
    if (active >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve))
    active += 1
    try {
      return await task()
    } finally {
      next()
    }
  }
}
