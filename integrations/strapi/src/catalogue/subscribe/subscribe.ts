import type { Core } from "@strapi/strapi"
import { CONTENT_TYPES as T } from "../views/content-types"
import { addressOf, INVALID, SUBSCRIBED, type SubscribeAnswer } from "./answers"

/** Strapi's refusal of a value its own validation does not take (the subscriber's email field, its unique rule). */
const isValidationError = (error: unknown) => error instanceof Error && error.name === "ValidationError"

/**
 * `POST /subscribe`: stores the address in the Subscriber collection once,
 * whatever its case. An address already there is answered as a new one
 * (answers.ts SUBSCRIBED says why), and stays stored once.
 */
export async function subscribe(strapi: Core.Strapi, body: unknown): Promise<SubscribeAnswer> {
  const asked = addressOf(body)
  if ("refusal" in asked) return asked.refusal
  const subscribers = strapi.documents(T.subscriber as never) as unknown as {
    findFirst(params: object): Promise<unknown>
    create(params: object): Promise<unknown>
  }
  const known = await subscribers.findFirst({ filters: { email: { $eqi: asked.address } }, fields: ["email"] })
  if (known) return SUBSCRIBED
  try {
    await subscribers.create({ data: { email: asked.address } })
  } catch (error) {
    // Two sign-ups of one address at once: the second meets the unique rule.
    if (isValidationError(error)) return (await subscribers.findFirst({ filters: { email: { $eqi: asked.address } } })) ? SUBSCRIBED : INVALID
    throw error
  }
  return SUBSCRIBED
}
