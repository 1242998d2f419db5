/**
 * The server side of publisher/src/process/supervisor.ts. A supervised server listens on
 * the socket its supervisor hands it as file descriptor 3 (as systemd's
 * socket activation does), tells the supervisor when it is ready, and stops
 * when its supervisor is gone. Without a supervisor these do nothing, and
 * the server listens on its own address as before.
 */

/** The descriptor a supervised server finds its listening socket on (systemd's SD_LISTEN_FDS_START). */
export const LISTEN_FD = 3

/** Set by the supervisor in the server's environment: the server listens on LISTEN_FD instead of binding. */
export const LISTEN_FD_VARIABLE = "SUPERVISOR_LISTEN_FD"

/** The message a server sends its supervisor once it accepts connections. */
export const READY_MESSAGE = "supervised-server:ready"

/** The listening socket's descriptor handed by a supervisor, or undefined when the server runs on its own. */
export function supervisedListenFd(env: NodeJS.ProcessEnv = process.env): number | undefined {
  return env[LISTEN_FD_VARIABLE] === String(LISTEN_FD) ? LISTEN_FD : undefined
}

/**
 * Tells the supervisor that the server accepts connections. A server that
 * ends after this is restarted; one that exits before it failed to start
 * (wrong settings, a busy data folder) and is not.
 */
export function reportReady(): void {
  process.send?.(READY_MESSAGE)
}

/**
 * Stops the server as SIGTERM would once its supervisor is gone (killed
 * with SIGKILL, say: its IPC channel closes). Without this the server would
 * run on unsupervised, holding its port and its data folder. The SIGTERM
 * handlers are called, not the signal sent: a server already stopping is
 * not ended at once by a second signal.
 */
export function stopWithSupervisor(): void {
  if (process.connected) process.once("disconnect", () => process.emit("SIGTERM", "SIGTERM"))
}
