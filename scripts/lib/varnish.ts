import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { execFileSync, type ChildProcess } from "node:child_process"
import { freePort, PROJECT_ROOT, startProcess, stopProcess, waitForHttp } from "../../node-kit/process/processes"

/** The repository's VCL (deploy/varnish/site.vcl), which includes a backend.vcl naming the origin. */
export const SITE_VCL = path.join(PROJECT_ROOT, "deploy", "varnish", "site.vcl")
/** Answered by the VCL itself, so a start can be awaited without asking the origin for anything. */
export const VARNISH_HEALTH_PATH = "/_varnish/health"

export interface VarnishOptions {
  /** The origin Varnish forwards to (the publisher). */
  origin: { host: string; port: number }
  /** Where Varnish listens for visitors; a free port on 127.0.0.1 by default. */
  port?: number
  /** Its `purge` listen address, the only one that takes PURGE (site.vcl); a free port on 127.0.0.1 by default. */
  purgePort?: number
  /** Addresses allowed to PURGE (the VCL's `purgers`); the publisher's, 127.0.0.1, by default. */
  purgers?: string[]
  /** Cache size; Varnish's own default is 100 MB. */
  storage?: string
}

export interface RunningVarnish {
  url: string
  port: number
  /** Where the publisher purges it (PUBLISHER_CDN_VARNISH). */
  purgeUrl: string
  process: ChildProcess
  /** Its working folder (`-n`): what varnishstat and varnishlog are given to read its counters and log. */
  workDir: string
  /** Stops varnishd (its manager and cache process) by its own process group, and removes its folder. */
  stop(): Promise<void>
}

/** The backend.vcl site.vcl includes: the origin, and who may purge. */
export function backendVcl(options: Pick<VarnishOptions, "origin" | "purgers">): string {
  const purgers = options.purgers ?? ["127.0.0.1"]
  return `backend publisher {
    .host = "${options.origin.host}";
    .port = "${options.origin.port}";
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
}

acl purgers {
${purgers.map((address) => `    "${address}";`).join("\n")}
}
`
}

/**
 * Starts `varnishd` in the foreground as this user's own process (never the
 * system service), with the repository's VCL in front of `origin`, in a
 * folder of its own; resolves once it answers. `varnishd` comes from
 * Debian's varnish package, xkey from varnish-modules (.ci/run installs both).
 */
export async function startVarnish(options: VarnishOptions): Promise<RunningVarnish> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "varnish-"))
  fs.writeFileSync(path.join(dir, "backend.vcl"), backendVcl(options))
  const port = options.port ?? (await freePort())
  const purgePort = options.purgePort ?? (await freePort())
  const args = [
    "-F",
    // Its working folder (shared memory log, compiled VCL) is its own: two can run side by side.
    "-n",
    path.join(dir, "work"),
    "-a",
    `127.0.0.1:${port}`,
    "-a",
    `purge=127.0.0.1:${purgePort}`,
    "-f",
    SITE_VCL,
    // backend.vcl from this folder, site.vcl's own folder after it.
    "-p",
    `vcl_path=${dir}:${path.dirname(SITE_VCL)}`,
    "-s",
    `malloc,${options.storage ?? "256m"}`,
    // No privilege separation: started by root here it would drop to the varnish user, who cannot read a temp folder.
    "-j",
    "none",
    // No management port: nothing here administers it but its own process id.
    "-T",
    "none",
  ]
  const child = startProcess(["varnishd", ...args], [], { stdio: ["ignore", "ignore", "pipe"] })
  let stderr = ""
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
  const url = `http://127.0.0.1:${port}`
  try {
    await waitForHttp(`${url}${VARNISH_HEALTH_PATH}`, child, 30_000)
  } catch (error) {
    await stopProcess(child)
    fs.rmSync(dir, { recursive: true, force: true })
    throw new Error(`varnishd did not start: ${(error as Error).message}\n${stderr}`)
  }
  return {
    url,
    port,
    purgeUrl: `http://127.0.0.1:${purgePort}`,
    process: child,
    workDir: path.join(dir, "work"),
    stop: async () => {
      await stopProcess(child)
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A counter of a running Varnish (`varnishstat -1 -j`), e.g. MAIN.backend_req: the requests it sent the origin. */
export function varnishCounter(varnish: Pick<RunningVarnish, "workDir">, name: string): number {
  const out = execFileSync("varnishstat", ["-n", varnish.workDir, "-1", "-j", "-f", name], { encoding: "utf8" })
  const parsed = JSON.parse(out) as { counters?: Record<string, { value: number }> } & Record<string, { value: number }>
  const counter = parsed.counters?.[name] ?? parsed[name]
  if (!counter) throw new Error(`varnishstat has no counter ${name}`)
  return counter.value
}
