import { spawn } from "node:child_process"
import { randomBytes } from "node:crypto"

// The commands a backend's author gives the kit (--edit, --delete, --draft)
// change the catalogue the way an editor would. Each runs in a shell with
// CATALOGUE_CHECK_WORD set to a fresh word, which a command may put in the
// title it writes: every run then makes a real change, and the kit can look
// for that word (search must not find a draft's).

/** The environment variable that hands each command its fresh word. */
export const CHECK_WORD_VARIABLE = "CATALOGUE_CHECK_WORD"

export interface CommandOutcome {
  /** The word the command was given. */
  word: string
  /** Why it failed (exit code, deadline, and the end of what it wrote to stderr); undefined when it succeeded. */
  problem?: string
}

/** A fresh word of letters and digits, unlike any word of a real title: `ck` and 8 more. */
export const freshWord = () => `ck${randomBytes(6).toString("hex").slice(0, 8)}`

/** The last lines a failed command wrote, to show in the table. */
const tail = (text: string) => text.trim().split("\n").slice(-3).join(" / ").slice(-300)

/**
 * Runs `command` through the shell with CATALOGUE_CHECK_WORD set, and
 * resolves once it ends; a command still running at the deadline is stopped
 * (its whole process group) and reported.
 */
export function runCommand(flag: string, command: string, deadlineMs: number): Promise<CommandOutcome> {
  const word = freshWord()
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, detached: true, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, [CHECK_WORD_VARIABLE]: word } })
    let stderr = ""
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGTERM")
      } catch {
        // Already gone.
      }
      resolve({ word, problem: `${flag} did not finish within ${deadlineMs / 1000} s` })
    }, deadlineMs)
    child.on("error", (error) => {
      clearTimeout(timer)
      resolve({ word, problem: `${flag} could not start: ${error.message}` })
    })
    child.on("close", (code, signal) => {
      clearTimeout(timer)
      if (code === 0) resolve({ word })
      else resolve({ word, problem: `${flag} failed (${signal ?? `exit code ${code}`})${stderr.trim() ? `: ${tail(stderr)}` : ""}` })
    })
  })
}
