import { execFile } from "node:child_process"
import path from "node:path"

/** One message of the Nu HTML Checker's JSON output (`--format json`). */
export interface NuMessage {
  /** "error", "info" (with subType "warning" for warnings), or "non-document-error" when a file could not be read. */
  type: string
  subType?: string
  message: string
  url?: string
  lastLine?: number
  extract?: string
}

const VNU_JAR = path.join(path.dirname(require.resolve("vnu-jar/package.json")), "build", "dist", "vnu.jar")

/**
 * Checks HTML files with the Nu HTML Checker (the `vnu-jar` package, on the
 * machine's Java: `java` on PATH, or JAVA). One run for all files: Java takes
 * seconds to start. The checker exits 1 when it found errors; its report is
 * the answer either way.
 */
export function checkHtml(files: readonly string[]): Promise<NuMessage[]> {
  const java = process.env.JAVA || "java"
  return new Promise((resolve, reject) => {
    execFile(java, ["-jar", VNU_JAR, "--format", "json", ...files], { maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      // The JSON report goes to stderr.
      try {
        resolve((JSON.parse(stderr) as { messages: NuMessage[] }).messages)
      } catch {
        reject(new Error(`The Nu HTML Checker did not report (${error?.message ?? "no JSON"}): is Java installed? ${stderr.slice(0, 500)}`))
      }
    })
  })
}

/** A message in one line: file, line, text and the HTML around it. */
export function describeNuMessage(message: NuMessage): string {
  const where = `${path.basename(message.url ?? "?")}:${message.lastLine ?? "?"}`
  return `${where} ${message.message}${message.extract ? ` [${message.extract.replace(/\s+/g, " ").trim()}]` : ""}`
}
