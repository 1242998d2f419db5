import { HttpError } from "../../../node-kit/http/http-error"
import { isIntactRelease, isReleaseId, listReleases, liveReleaseId, previousRelease, switchRelease } from "./releases"

/** No release to go back to: the endpoint answers 409 with the message, the CLI prints it. */
export class RollbackError extends HttpError {
  constructor(message: string) {
    super(409, message)
  }
}

/**
 * Where the switch is recorded: the switch store (jobs/store/switch-store.ts).
 * Named by its one method, so this floor imports nothing from the jobs above it.
 */
export interface SwitchRecord {
  recordSwitch(change: { releaseId: string; at: number; cause: "rollback"; jobId: null }): void
}

export interface RollbackResult {
  from: string | undefined
  to: string
}

/**
 * Makes an earlier release live again in one atomic switch: `releaseId`, or
 * by default the release made just before the live one (so each rollback
 * goes one further back). Shared by the CLI and the admin endpoint. A
 * build queued or running afterwards still goes live when it finishes: a
 * rollback undoes a release, not the edits the catalogue holds.
 */
export function rollback(options: { dataDir: string; switches?: SwitchRecord; releaseId?: string; now?: number }): RollbackResult {
  const { dataDir, switches } = options
  const from = liveReleaseId(dataDir)
  let to = options.releaseId
  if (to === undefined) {
    to = previousRelease(dataDir)
    if (to === undefined) {
      throw new RollbackError(from ? `There is no release before ${from} to go back to.` : "There is no live release to roll back.")
    }
  } else if (!isReleaseId(to) || !listReleases(dataDir).includes(to)) {
    const kept = listReleases(dataDir)
    throw new RollbackError(`There is no release ${JSON.stringify(to)}. Kept releases: ${kept.join(", ") || "none"}.`)
  }
  if (!isIntactRelease(dataDir, to)) {
    throw new RollbackError(`Release ${to} is not whole on disk (a file is missing or cut short), so it cannot go live. Name another one.`)
  }
  switchRelease(dataDir, to)
  switches?.recordSwitch({ releaseId: to, at: options.now ?? Date.now(), cause: "rollback", jobId: null })
  return { from, to }
}
