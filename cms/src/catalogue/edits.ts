import type { z } from "zod/mini"
import { describeIssues } from "../../../contract/describe-issues"
import { HttpError } from "../../../node-kit/http/http-error"

/** An editor's change that cannot be applied: the admin API answers 400 with its message, which says why. */
export class EditError extends HttpError {
  constructor(message: string) {
    super(400, message)
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/**
 * Names of the fields in `sent` that `parsed` lacks: the contract's schemas
 * drop fields they do not name, so these are what it does not know, at any
 * depth (`seo.image.src`). `name` is where `sent` sits ("" at the top).
 */
function unknownFields(sent: unknown, parsed: unknown, name: string): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item, index) => unknownFields(item, parsed[index], `${name}[${index}]`))
  }
  if (!isRecord(sent) || !isRecord(parsed)) return []
  return Object.entries(sent).flatMap(([key, value]) => {
    const field = name ? `${name}.${key}` : key
    return key in parsed ? unknownFields(value, parsed[key], field) : [`"${field}"`]
  })
}

/** The contract's verdict on a value: as parsed, or the fault a refusal names. */
function contractVerdict<T>(schema: z.ZodMiniType<T>, value: unknown, path: string[]): { data: T } | { fault: string } {
  const result = schema.safeParse(value)
  if (!result.success) {
    const body = path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value)
    return {
      fault: describeIssues(
        result.error.issues.map((issue) => ({ ...issue, path: [...path, ...issue.path] })),
        body,
      ),
    }
  }
  const unknown = unknownFields(value, result.data, path.join("."))
  if (unknown.length > 0) {
    return { fault: `${unknown.join(", ")} ${unknown.length === 1 ? "is not a field" : "are not fields"} of the contract (docs/reference/catalogue-api.md)` }
  }
  return { data: result.data }
}

/**
 * Checks an edited value with its contract schema (contract/schemas.ts) and
 * returns it as parsed. Only types are checked, never content: a
 * `javascript:` canonical, HTML in a title or a 5000-character description
 * is stored as sent, because the site's build must meet such values to prove
 * it defends against them. A field the contract does not name is refused
 * rather than silently dropped, so that a typo does not look like success.
 * `path` names the value in messages (`["seo"]`). Throws EditError.
 */
export function checkWithContract<T>(schema: z.ZodMiniType<T>, value: unknown, path: string[] = []): T {
  const verdict = contractVerdict(schema, value, path)
  if ("fault" in verdict) throw new EditError(verdict.fault)
  return verdict.data
}

/** What checkWithContract would refuse `value` with, or undefined when it fits. */
export function contractFault<T>(schema: z.ZodMiniType<T>, value: unknown, path: string[] = []): string | undefined {
  const verdict = contractVerdict(schema, value, path)
  return "fault" in verdict ? verdict.fault : undefined
}
