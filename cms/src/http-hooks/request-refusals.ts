import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError, HookHandlerDoneFunction, RouteOptions } from "fastify"

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The error to answer when the route's request schema refuses a request,
     * where Fastify's own 400 ("body/title must be string") is not what the
     * API says: a malformed id is a 404 like an unknown one, and an editor's
     * field is named in the words the admin API has always used. `part` is
     * where the schema found fault first: "params", "body" or "querystring".
     */
    refuse?: (request: FastifyRequest, errors: readonly FastifySchemaValidationError[], part: string) => Error
  }
}

/**
 * Options of the server's schema validator (Fastify's Ajv). Bodies are
 * validated as sent: no type coercion (7 is not the title "7") and no
 * silent removal of unknown fields (a typo is refused, not dropped). Every
 * finding is collected, so a refusal can name the first wrong field in the
 * order it was sent; bodies are at most BODY_LIMIT_BYTES, so that is cheap.
 */
export const REQUEST_SCHEMA_OPTIONS = {
  coerceTypes: false,
  removeAdditional: false,
  allErrors: true,
  allowUnionTypes: true,
} as const

function throwRefusal(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const failed = request.validationError
  const refuse = request.routeOptions.config.refuse
  if (!failed || !refuse) return done()
  done(refuse(request, failed.validation as FastifySchemaValidationError[], failed.validationContext))
}

/**
 * Makes the routes that declare `config.refuse` answer a refused request
 * with their own error: Fastify attaches the schema's findings instead of
 * answering, and a first preHandler throws the route's error, which the
 * server's one error handler answers like any other. Other routes are left
 * as they are (no extra hook on their path). Call before registering routes.
 */
export function answerRefusalsAsDeclared(app: FastifyInstance): void {
  app.addHook("onRoute", (route: RouteOptions) => {
    if (!route.config?.refuse) return
    route.attachValidation = true
    const others = route.preHandler === undefined ? [] : [route.preHandler].flat()
    route.preHandler = [throwRefusal, ...others]
  })
}
