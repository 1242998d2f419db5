/**
 * The line each service logs at start to say which Node runs it: the project
 * brings its own (the pinned `node` dev dependency), and a process started
 * outside npm scripts could still be on the machine's older one.
 */
export function runtimeLine(): string {
  return `Runtime: Node ${process.version} (${process.execPath})`
}
