/** Thrown by `done()` with every problem found; the caller prints the message and exits with EXIT_CONFIG. */
export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: readonly string[],
  ) {
    super(`The ${service}'s configuration is wrong:\n- ${problems.join("\n- ")}`)
    this.name = "ConfigError"
  }
}

/** The exit code of a service that cannot start with its configuration (as sysexits' EX_CONFIG is to shells: "fix the settings"). */
export const EXIT_CONFIG = 2

/**
 * For a service's entry point: a ConfigError is printed as it is (every
 * problem, no stack) and ends the process with EXIT_CONFIG; anything else
 * with its message and exit code 1.
 */
export function exitOnStartFailure(error: unknown, print: (line: string) => void = (line) => console.error(line)): never {
  print(error instanceof Error ? error.message : String(error))
  process.exit(error instanceof ConfigError ? EXIT_CONFIG : 1)
}
