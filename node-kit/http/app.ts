import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify"
import { warnOnUntrustedForwarding } from "./forwarded-for"
import { installErrorHandler, type ErrorHandlerOptions } from "./http-error"
import { serverLogging, type LogSettings } from "../process/logger"

/**
 * Time to send a whole request, headers and body (Node's requestTimeout;
 * Fastify's default 0 waits for ever, so a client trickling bytes holds a
 * socket without end). Both services take small requests and stream
 * nothing in; answers are not bounded by it, so a large file still reaches
 * a slow visitor.
 */
export const REQUEST_TIMEOUT_MS = 30_000

export interface AppOptions {
  /** The largest request body (Fastify's bodyLimit); a route may set its own. */
  bodyLimit: number
  /** LOG_LEVEL and LOG_FORMAT as read; default: the environment's. */
  logging?: LogSettings
  /** Default REQUEST_TIMEOUT_MS; a test shortens it to see a slow client cut off. */
  requestTimeoutMs?: number
  /** Fastify's trustProxy: the proxies whose X-Forwarded-For (the client's address) and X-Forwarded-Host are believed. */
  trustProxy?: string | undefined
  /**
   * The setting that names those proxies (PUBLISHER_TRUST_PROXY): a request
   * forwarded by a peer it does not name is then warned of, once. Unset: no
   * warning.
   */
  trustProxySetting?: string
  /** The kit's error handler with these messages; "own": the caller sets its handler, handing what it does not answer to the kit's (errorHandler). */
  errors: ErrorHandlerOptions | "own"
  /** Other Fastify options of the one service that needs them (the reference server's ajv). */
  fastify?: Pick<FastifyServerOptions, "ajv">
}

/**
 * A service's Fastify app, before its routes: the kit's logging (`app.log`)
 * and error handler, the service's body limit, and the request timeout,
 * which Node then really holds a slow client to.
 */
export function createApp(options: AppOptions): FastifyInstance {
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS
  const app = Fastify({
    ...serverLogging(options.logging),
    ...options.fastify,
    bodyLimit: options.bodyLimit,
    requestTimeout,
    // Given to Node's constructor as well: it then lowers headersTimeout (60 s) to match, and a
    // headersTimeout above requestTimeout leaves a request whose body never ends unchecked. Late
    // requests are looked for every 30 s by default, which would let one take twice the limit.
    http: { requestTimeout, connectionsCheckingInterval: Math.min(1000, requestTimeout) },
    ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
  })
  if (options.trustProxySetting) warnOnUntrustedForwarding(app, { trustProxy: options.trustProxy, setting: options.trustProxySetting })
  if (options.errors !== "own") installErrorHandler(app, options.errors)
  return app
}
