import type { FastifyInstance, FastifySchemaValidationError } from "fastify"
import { isValidEmail } from "../../../contract/email"
import { HttpError } from "../../../node-kit/http-error"
import type { CatalogueDatabase } from "../database"
import { addSubscription } from "../subscriptions"

/**
 * Addresses at these reserved `.test` domains make the server answer the
 * error cases of SPEC.md section 8, so browser tests can see each message.
 * They are checked after validation and never stored.
 */
export const SIMULATED_FAILURES = {
  "reject.test": "success-false",
  "fail.test": "server-error",
  "fail-silently.test": "server-error-without-message",
  "no-response.test": "no-response",
} as const

/** What `POST /subscribe` takes: an object with a string `email`; other fields are ignored. */
const SUBSCRIBE_BODY = {
  type: "object",
  properties: { email: { type: "string" } },
  required: ["email"],
} as const

/** The refusal of a body the schema does not take, in the words API.md's clients have always shown. */
function refusal(errors: readonly FastifySchemaValidationError[]): HttpError {
  const notAnObject = errors.some((error) => error.instancePath === "" && error.keyword === "type")
  return new HttpError(400, notAnObject ? 'Send a JSON object like {"email": "you@example.com"}.' : "email must be a string.")
}

/** `POST /subscribe` (under /api): the newsletter sign-up of SPEC.md section 8. */
export async function subscribeRoute(app: FastifyInstance, options: { db: CatalogueDatabase }) {
  app.post<{ Body: { email: string } }>(
    "/subscribe",
    { schema: { body: SUBSCRIBE_BODY }, config: { refuse: (_request, errors) => refusal(errors) } },
    async (request, reply) => {
      const address = request.body.email.trim()
      if (!isValidEmail(address)) throw new HttpError(400, "Please enter a valid email address.")

      const domain = address.slice(address.lastIndexOf("@") + 1).toLowerCase()
      switch (SIMULATED_FAILURES[domain as keyof typeof SIMULATED_FAILURES]) {
        case "success-false":
          return { success: false, message: "This address cannot be subscribed right now." }
        case "server-error":
          return reply.status(500).send({ message: "The mailing list is temporarily unavailable." })
        case "server-error-without-message":
          return reply.status(503).send({})
        case "no-response":
          request.raw.socket.destroy()
          return reply.hijack()
      }

      if (!addSubscription(options.db, address)) throw new HttpError(400, "This email address is already subscribed.")
      return { success: true, message: "Thank you for subscribing!" }
    },
  )
}
