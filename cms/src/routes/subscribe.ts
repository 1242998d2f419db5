import type { FastifyInstance } from "fastify"
import { isValidEmail } from "../../../contract/email"
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

export async function subscribeRoute(app: FastifyInstance, options: { db: CatalogueDatabase }) {
  app.post("/subscribe", async (request, reply) => {
    const body = request.body
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return reply.status(400).send({ message: 'Send a JSON object like {"email": "you@example.com"}.' })
    }
    const email = (body as Record<string, unknown>).email
    if (typeof email !== "string") {
      return reply.status(400).send({ message: "email must be a string." })
    }
    const address = email.trim()
    if (!isValidEmail(address)) {
      return reply.status(400).send({ message: "Please enter a valid email address." })
    }

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

    if (!addSubscription(options.db, address)) {
      return reply.status(400).send({ message: "This email address is already subscribed." })
    }
    return { success: true, message: "Thank you for subscribing!" }
  })
}
