// Why the feed's `now` may be earlier than the clock: a change is stamped
// when it is written, inside the editor's transaction, and becomes visible
// only when that transaction commits. A feed read between the two would
// answer a `now` later than the stamp without listing the change, and the
// next read (since that `now`) would skip it. So until a stamped change
// commits or rolls back, `now` is held at its stamp: the next read overlaps
// it, and a change reported twice costs a page rebuilt, where a change missed
// costs a stale page.

/** A transaction left open this long is taken as gone (a callback that never ran), so it cannot hold `now` back forever. */
const LONGEST_TRANSACTION_MS = 5 * 60_000

export class UncommittedStamps {
  private readonly open = new Map<symbol, number>()

  constructor(private readonly clock: () => number = Date.now) {}

  /** A stamp for a change about to be written, held until `settle` is called with its token. */
  take(): { token: symbol; at: number } {
    const token = Symbol("uncommitted change")
    const at = this.clock()
    this.open.set(token, at)
    return { token, at }
  }

  /** The change committed or rolled back; settling twice is harmless. */
  settle(token: symbol): void {
    this.open.delete(token)
  }

  /** The feed's `now`: the clock, or the oldest stamp still uncommitted when that is earlier. */
  now(): number {
    const clock = this.clock()
    let oldest = clock
    for (const [token, at] of this.open) {
      if (clock - at > LONGEST_TRANSACTION_MS) this.open.delete(token)
      else oldest = Math.min(oldest, at)
    }
    return oldest
  }
}

const stampsByStrapi = new WeakMap<object, UncommittedStamps>()

/** The stamps of one Strapi instance, shared by the middleware that takes them and the feed that reads `now`. */
export function stampsOf(strapi: object): UncommittedStamps {
  let stamps = stampsByStrapi.get(strapi)
  if (!stamps) {
    stamps = new UncommittedStamps()
    stampsByStrapi.set(strapi, stamps)
  }
  return stamps
}
