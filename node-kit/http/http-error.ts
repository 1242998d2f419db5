import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify"

/**
 * An error that knows its HTTP answer. Code anywhere below a route throws
 * one (or a subclass: `class RollbackError extends HttpError`) and the
 * server's one error handler turns it into the answer: no route catches
 * errors to map them by hand.
 */
export class HttpError extends Error {
  readonly statusCode: number
  /** Sent with the answer, e.g. `WWW-Authenticate` with a 401, `Retry-After` with a 503. */
  readonly headers: Readonly<Record<string, string>>
  /** The answer's body instead of `{ message }`, for the rare answer that carries more. */
  readonly body: unknown

  constructor(statusCode: number, message: string, options: { headers?: Record<string, string>; body?: unknown; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.name = new.target.name
    this.statusCode = statusCode
    this.headers = options.headers ?? {}
    this.body = options.body
  }
}

export interface ErrorHandlerOptions {
  /** What a 5xx answers; the error itself goes to the log only. */
  serverErrorMessage: string
  /** Messages for Fastify's own request errors by code (FST_ERR_CTP_…), over the defaults below. */
  messages?: Partial<Record<string, string>>
}

/** Messages a caller can act on for Fastify's own request errors. */
function defaultMessages(bodyLimitBytes: number): Record<string, string> {
  return {
    FST_ERR_CTP_BODY_TOO_LARGE: `The request body is larger than ${bodyLimitBytes / 1024} KiB.`,
    FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON.",
    FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty; send JSON.",
    FST_ERR_CTP_INVALID_MEDIA_TYPE: "Send the request body as application/json.",
  }
}

/**
 * The server's one error handler (catalogue-api.md's error shape, `{ message }`):
 * 4xx answers the error's message (a schema's validation error answers 400
 * with Fastify's description, e.g. "params/id must be integer"); an
 * unexpected error answers a generic 500 and is logged with its stack
 * through the request's logger. A 5xx HttpError is a state the code chose to
 * announce (a feature switched off, 503 with Retry-After): it answers its
 * own message and headers and is logged as one WARN line, so a caller that
 * keeps asking cannot fill the log with stacks.
 */
export function installErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions): void {
  app.setErrorHandler<FastifyError | HttpError>(errorHandler(app, options))
}

export type ErrorHandler = (error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => FastifyReply

/** The handler installErrorHandler sets, for a server that answers some errors its own way and hands the rest here. */
export function errorHandler(app: FastifyInstance, options: ErrorHandlerOptions): ErrorHandler {
  const messages = { ...defaultMessages(app.initialConfig.bodyLimit ?? 1024 * 1024), ...options.messages }
  return (error, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500
    if (status >= 500 && error instanceof HttpError) {
      request.log.warn(`${request.method} ${request.url}: ${status} ${error.message}`)
      return reply
        .status(status)
        .headers(error.headers)
        .send(error.body ?? { message: error.message })
    }
    if (status >= 500) {
      request.log.error({ err: error }, `${request.method} ${request.url} failed`)
      return reply.status(status).send({ message: options.serverErrorMessage })
    }
    if (error instanceof HttpError) {
      return reply
        .status(status)
        .headers(error.headers)
        .send(error.body ?? { message: error.message })
    }
    const code = "code" in error ? error.code : undefined
    const message = (code && messages[code]) ?? (error instanceof SyntaxError ? messages.FST_ERR_CTP_INVALID_JSON_BODY : error.message)
    return reply.status(status).send({ message })
  }
}
