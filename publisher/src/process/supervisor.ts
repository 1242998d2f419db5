import { fork, type ChildProcess, type StdioOptions } from "node:child_process"
import dns from "node:dns/promises"
import fs from "node:fs"
import net from "node:net"
import util from "node:util"
import type { Logger } from "../../../node-kit/process/logger"
import { LISTEN_FD, LISTEN_FD_VARIABLE, READY_MESSAGE } from "./supervised-server"

/**
 * A listening socket that outlives its server process, as systemd's socket
 * activation gives one. The supervisor binds the port (or takes systemd's
 * socket), runs the server in a child process that listens on it
 * (publisher/src/process/supervised-server.ts), and starts a new child when one dies.
 * While no child runs, the socket is still open and listening: new
 * connections wait in the kernel's accept queue and the next child answers
 * them, where a server that owned its socket would leave nothing listening
 * and every connection refused. The supervisor never accepts a connection
 * itself and knows nothing of the app.
 */
export interface SupervisorOptions {
  /** The server's entry module, run with this Node and its flags (`tsx` carries over). */
  script: string
  host: string
  /** 0: a free port (tests); `port()` says which. */
  port: number
  log: Logger
  /** The server's environment; default process.env. */
  env?: NodeJS.ProcessEnv
  /** Node flags for the server; default this process's. */
  execArgv?: string[]
  /** The server's stdin, stdout and stderr; default this process's. */
  stdio?: [StdioOptions[number], StdioOptions[number], StdioOptions[number]]
  /**
   * The wait before a restart (default 100 ms). Each further death within
   * healthyMs of its start doubles it, up to maxRestartDelayMs (30 s), so a
   * crash loop does not spin.
   */
  restartDelayMs?: number
  maxRestartDelayMs?: number
  /** A server that ran this long (default 10 s) was healthy: after its death the wait is restartDelayMs again. */
  healthyMs?: number
  /** How long the server gets to stop after SIGTERM before it is killed (default 30 s). */
  stopGraceMs?: number
}

export interface Supervisor {
  /** The port the socket listens on. */
  port(): number
  /** The running server's pid; undefined between a death and the restart. */
  serverPid(): number | undefined
  /** How many server processes have been started. */
  starts(): number
  /** Stops the server (SIGTERM, SIGKILL after stopGraceMs), closes the socket, answers `exited`. */
  stop(): Promise<number>
  /** The exit code to end with, once the supervisor is done: 0 after a clean stop, the server's when it could not start. */
  exited: Promise<number>
}

interface Listener {
  fd: number
  port: number
  close(): void
}

/** A TCP handle as Node's net module makes it; the fields used here. */
interface TcpHandle {
  fd: number
  getsockname(out: { port?: number }): number
  close(): void
}

/**
 * Binds host:port without listening on it from this process: a net.Server
 * would have this event loop accept connections too. Node's cluster primary
 * makes its shared handles with the same function, for the same reason;
 * the first server's listen(2) then makes the socket listen for good.
 */
async function bindSocket(host: string, port: number): Promise<Listener> {
  const create = (net as unknown as { _createServerHandle?: (address: string, port: number, addressType: number) => TcpHandle | number })._createServerHandle
  if (!create) throw new Error(`This Node (${process.version}) has no net._createServerHandle to bind a socket for a server process.`)
  const { address, family } = await dns.lookup(host)
  const handle = create(address, port, family)
  if (typeof handle === "number") {
    const code = util.getSystemErrorName(handle)
    throw Object.assign(new Error(`${code}: cannot bind ${host}:${port}`), { code })
  }
  const bound: { port?: number } = {}
  handle.getsockname(bound)
  // libuv keeps a bind's EADDRINUSE for the listen(2) it expects next, which here is the server's: an unbound
  // socket (port 0) would then listen on a random port. Its address tells.
  if (port !== 0 && bound.port !== port) {
    handle.close()
    throw Object.assign(new Error(`EADDRINUSE: cannot bind ${host}:${port}`), { code: "EADDRINUSE" })
  }
  return { fd: handle.fd, port: bound.port ?? port, close: () => handle.close() }
}

/** systemd's socket activation: its socket is fd 3 when LISTEN_PID names this process. */
function systemdSocket(env: NodeJS.ProcessEnv, port: number): Listener | undefined {
  if (Number(env.LISTEN_PID) !== process.pid || !(Number(env.LISTEN_FDS) >= 1)) return undefined
  return { fd: LISTEN_FD, port, close: () => fs.closeSync(LISTEN_FD) }
}

/** The server's environment: the handed socket named, systemd's variables (meant for this process alone) left out. */
function serverEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { LISTEN_PID: _pid, LISTEN_FDS: _fds, LISTEN_FDNAMES: _names, ...rest } = env
  return { ...rest, [LISTEN_FD_VARIABLE]: String(LISTEN_FD) }
}

/**
 * Binds the socket (or takes systemd's) and starts the server on it; see
 * SupervisorOptions. A server that exits before it reported ready failed to
 * start (wrong settings, say) and is not restarted: the supervisor ends
 * with its exit code. Rejects when the socket cannot be bound (`code`
 * EADDRINUSE when the port is taken).
 */
export async function superviseServer(options: SupervisorOptions): Promise<Supervisor> {
  const { log, restartDelayMs = 100, maxRestartDelayMs = 30_000, healthyMs = 10_000, stopGraceMs = 30_000 } = options
  const env = options.env ?? process.env
  const listener = systemdSocket(env, options.port) ?? (await bindSocket(options.host, options.port))
  const forkOptions = {
    // A process group of its own: a signal to the supervisor's group (Ctrl-C, `timeout`, a test's stopGroup) reaches
    // the server once, forwarded, not twice (a second SIGTERM ends a server at once, node-kit/process/shutdown.ts).
    detached: true,
    env: serverEnvironment(env),
    execArgv: options.execArgv ?? process.execArgv,
    stdio: [...(options.stdio ?? ["inherit", "inherit", "inherit"]), listener.fd, "ipc"] as StdioOptions,
  }
  let child: ChildProcess | undefined
  let starts = 0
  let quickDeaths = 0
  let stopping = false
  let restartTimer: NodeJS.Timeout | undefined
  let resolveExited: (code: number) => void = () => undefined
  const exited = new Promise<number>((resolve) => (resolveExited = resolve))
  let done = false
  const finish = (code: number) => {
    if (done) return
    done = true
    listener.close()
    resolveExited(code)
  }

  const start = () => {
    restartTimer = undefined
    const startedAt = Date.now()
    let ready = false
    const server = fork(options.script, [], forkOptions)
    child = server
    starts++
    server.on("message", (message) => {
      if (message === READY_MESSAGE) ready = true
    })
    server.once("error", (error) => {
      // Only a process that never started: the others end with "exit".
      if (server.pid !== undefined) return
      log.error({ err: error }, `The server process could not be started`)
      finish(1)
    })
    server.once("exit", (code, signal) => {
      child = undefined
      const how = signal ?? `exit code ${code}`
      if (stopping) {
        log.info(`The server process ${server.pid} stopped (${how})`)
        return finish(code === 0 ? 0 : 1)
      }
      if (!ready && signal === null) {
        log.error(`The server process ${server.pid} ended before it was ready (${how}); not starting it again.`)
        return finish(code || 1)
      }
      quickDeaths = Date.now() - startedAt >= healthyMs ? 0 : quickDeaths + 1
      const delay = Math.min(maxRestartDelayMs, restartDelayMs * 2 ** Math.max(0, quickDeaths - 1))
      log.error(`The server process ${server.pid} ended (${how}); a new one starts in ${delay} ms. Connections wait on the socket meanwhile.`)
      restartTimer = setTimeout(start, delay)
    })
    log.info(`Server process ${server.pid} started`)
  }
  start()

  const stop = () => {
    if (!stopping) {
      stopping = true
      clearTimeout(restartTimer)
      const server = child
      if (!server) finish(0)
      else {
        server.kill("SIGTERM")
        setTimeout(() => server.kill("SIGKILL"), stopGraceMs).unref()
      }
    }
    return exited
  }
  return { port: () => listener.port, serverPid: () => child?.pid, starts: () => starts, stop, exited }
}

/**
 * For a service's entry point: supervises the server until SIGINT or
 * SIGTERM, which stop it gracefully (the server's own shutdown, at most
 * stopGraceMs), then exits with the supervisor's code. A repeated signal
 * does not cut that short: `npm run` and `tsx` pass a Ctrl-C on, so one
 * Ctrl-C can arrive twice.
 */
export async function runSupervisor(options: SupervisorOptions): Promise<never> {
  const supervisor = await superviseServer(options)
  let stopping = false
  const onSignal = (signal: NodeJS.Signals) => {
    options.log.info(stopping ? `${signal}: already stopping the server process` : `${signal}: stopping the server process`)
    stopping = true
    void supervisor.stop()
  }
  process.on("SIGINT", onSignal)
  process.on("SIGTERM", onSignal)
  process.exit(await supervisor.exited)
}
