/** How a build process ended. */
export type BuildEnd =
  | { kind: "exited"; code: number | null; signal: NodeJS.Signals | null }
  | { kind: "timed out"; timeoutMs: number }
  | { kind: "could not start"; message: string }
  /** The publisher stopped it (shutdown); the job is redone, not failed. */
  | { kind: "stopped" }

export function formatSeconds(ms: number): string {
  const seconds = ms / 1000
  return `${Number.isInteger(seconds) ? seconds : Number(seconds.toFixed(1))} s`
}

/** The process's end in words: "exited with code 1", "timed out after 600 s". */
export function describeEnd(end: BuildEnd): string {
  switch (end.kind) {
    case "exited":
      return end.signal ? `was stopped by signal ${end.signal}` : `exited with code ${end.code}`
    case "timed out":
      return `timed out after ${formatSeconds(end.timeoutMs)}`
    case "could not start":
      return `could not start (${end.message})`
    case "stopped":
      return "was stopped because the publisher shut down"
  }
}

const URL_PATTERN = String.raw`(https?://[^\s"']+?)`

/**
 * What the log says went wrong, for the faults an editor can act on: the
 * catalogue down or answering badly (the messages of the source plugin's
 * error map and client), else Gatsby's first error. Gatsby wraps long lines,
 * so the lines are searched joined; URLs have no spaces and stay whole.
 */
function causeInLog(lines: readonly string[]): string | undefined {
  const text = lines.join(" ").replace(/\s+/g, " ")
  const find = (pattern: string) => new RegExp(pattern).exec(text)

  const unreachable = find(`${URL_PATTERN}: could not be reached(?: \\(([^)]*)\\))?`)
  if (unreachable) return `the catalogue at ${unreachable[1]} could not be reached${unreachable[2] ? ` (${unreachable[2]})` : ""}`
  const slow = find(`${URL_PATTERN}: did not answer within (\\d+) ms`)
  if (slow) return `the catalogue at ${slow[1]} did not answer within ${formatSeconds(Number(slow[2]))}`
  const httpError = find(`${URL_PATTERN}: answered HTTP (\\d{3})`)
  if (httpError) return `the catalogue at ${httpError[1]} answered with an error (HTTP ${httpError[2]})`
  const notJson = find(`${URL_PATTERN}: did not answer JSON`)
  if (notJson) return `the catalogue at ${notJson[1]} did not answer with JSON`
  if (/answered JSON of the wrong shape/.test(text)) {
    const detail = find(`wrong shape\\. ${URL_PATTERN}: (.*?) The build stopped`)
    return detail ? `the catalogue at ${detail[1]} answered data of the wrong shape: ${detail[2]}` : "the catalogue answered data of the wrong shape"
  }
  if (/catalogue API could not be reached/.test(text)) return "the catalogue API could not be reached"
  if (/\bENOSPC\b|no space left on device/i.test(text)) return "the disk is full (no space left on device)"

  // Gatsby's structured errors: "ERROR #98123  WEBPACK" and a message on the next lines.
  const gatsbyError = lines.findIndex((line) => /^\s*ERROR\b/.test(line))
  if (gatsbyError >= 0) {
    const heading = lines[gatsbyError]?.trim() ?? "ERROR"
    const message = lines
      .slice(gatsbyError + 1)
      .map((line) => line.trim())
      .filter((line) => line !== "")
      .slice(0, 3)
      .join(" ")
    return `Gatsby stopped with ${heading.replace(/\s+/g, " ")}${message ? `: ${truncate(message, 300)}` : ""}`
  }
  return undefined
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/**
 * Why a build failed, in one sentence an editor can read: the cause the log
 * names, then how the process ended. A timeout is said first, since what
 * the log shows then is only where the build was when it was stopped.
 */
export function failureReason(end: BuildEnd, logLines: readonly string[]): string {
  if (end.kind === "timed out") return `the build ${describeEnd(end)}`
  const cause = causeInLog(logLines)
  return cause ? `${cause}; the build ${describeEnd(end)}` : `the build ${describeEnd(end)}`
}

/** Plain words for the errors a full or broken disk gives; the code stays in brackets for an operator. */
const FILE_ERRORS: Record<string, string> = {
  ENOSPC: "the disk is full (no space left on device)",
  EDQUOT: "the disk quota is used up",
  EROFS: "the file system is read-only",
  EACCES: "the publisher may not write there (permission denied)",
  EPERM: "the publisher may not write there (operation not permitted)",
  EIO: "the disk failed to read or write (input/output error)",
  SQLITE_FULL: "the disk is full (the job records could not grow)",
}

/** Why a file operation failed, for an editor: "the disk is full (no space left on device) [ENOSPC]", else the error's message. */
export function describeFileError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  const plain = code ? FILE_ERRORS[code] : undefined
  if (plain) return `${plain} [${code}]`
  return error instanceof Error ? error.message : String(error)
}
