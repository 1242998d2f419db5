import type { z } from "zod/mini"
import { describeIssues } from "../../../contract/describe-issues"

/**
 * Parses an answer with its contract schema (contract/schemas.ts), so the
 * reference server is proven to honour the contract at run time, not only in
 * its types. A broken answer fails the test naming each wrong field.
 */
export function expectContract<T>(schema: z.ZodMiniType<T>, body: unknown): T {
  const result = schema.safeParse(body)
  if (!result.success) throw new Error(`The answer breaks the contract: ${describeIssues(result.error.issues, body)}`)
  return result.data
}
