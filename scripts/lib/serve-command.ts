import { serveStatic, type StaticServer } from "../../node-kit/http/static-server"

/** `gatsby serve`'s defaults, kept so that a command line written for it means the same. */
export const SERVE_DEFAULTS = { port: 9000, host: "localhost" } as const

export interface ServeArgs {
  port: number
  host: string
}

/**
 * The flags of `gatsby serve` this server takes: `--port`/`-p` and
 * `--host`/`-H`, as `--port 9000` or `--port=9000`. Anything else is an
 * error naming it, rather than a flag silently ignored.
 */
export function parseServeArgs(argv: readonly string[]): ServeArgs {
  const args: ServeArgs = { ...SERVE_DEFAULTS }
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? ""
    const [flag = "", inline] = arg.split(/=(.*)/s)
    const value = inline ?? argv[++index]
    if (flag === "--port" || flag === "-p") {
      const port = Number(value)
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number (0-65535), not ${JSON.stringify(value ?? "")}`)
      args.port = port
    } else if (flag === "--host" || flag === "-H") {
      if (!value) throw new Error("--host needs an address, such as 127.0.0.1 or 0.0.0.0")
      args.host = value
    } else {
      throw new Error(`Unknown option ${JSON.stringify(arg)}: the options are --port and --host`)
    }
  }
  return args
}

/**
 * `npm run serve`: the production server over a build, the same handler as
 * the publisher's live site (brotli and gzip, cache headers, every page's
 * security headers from the build's map).
 */
export function serveBuild(root: string, args: ServeArgs): Promise<StaticServer> {
  return serveStatic(root, args.port, { host: args.host, encodings: ["br", "gzip"] })
}
