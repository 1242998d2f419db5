import type { z } from "zod/mini"

type Issue = z.core.$ZodIssue

/** How many wrong fields one message names; the rest are counted. */
const MAX_NAMED = 3

const EXPECTED: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  null: "null",
}

/** `data[0].images` for the path ["data", 0, "images"]. */
function fieldName(path: PropertyKey[]): string {
  const name = path.map((key, index) => (typeof key === "number" ? `[${key}]` : `${index > 0 ? "." : ""}${String(key)}`)).join("")
  return name ? `"${name}"` : "the answer"
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

/** The value as an editor would name it. */
function describeValue(value: unknown): string {
  if (value === undefined) return "missing"
  if (value === null) return "null"
  if (Array.isArray(value)) return "a list"
  if (typeof value === "string") return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`
  if (typeof value === "object") return "an object"
  return `${typeof value === "number" ? "the number " : ""}${String(value)}`
}

function expected(issue: Issue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      return EXPECTED[issue.expected] ?? issue.expected
    case "invalid_union": {
      const options = issue.errors.flatMap((branch) => (branch[0] ? [expected(branch[0])] : []))
      return options.length > 0 && options.every(Boolean) ? [...new Set(options)].join(" or ") : undefined
    }
    case "invalid_value":
      return `one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`
    case "too_small":
      return issue.origin === "string" && Number(issue.minimum) === 1 ? "text that is not empty" : undefined
    default:
      return undefined
  }
}

function describeIssue(issue: Issue, input: unknown): string {
  const field = fieldName(issue.path)
  const value = describeValue(valueAt(input, issue.path))
  const wanted = expected(issue)
  return wanted ? `${field} should be ${wanted}, but it is ${value}` : `${field} is wrong (${issue.code}: ${value})`
}

/**
 * Says in one line, for a content editor, which fields of an answer broke
 * the contract and what they held: `"data[1].id" should be a number or
 * text, but it is missing`. zod/mini ships no messages of its own, and a
 * generic "Invalid input" would not tell anyone what to fix.
 */
export function describeIssues(issues: readonly Issue[], input: unknown): string {
  const named = issues.slice(0, MAX_NAMED).map((issue) => describeIssue(issue, input))
  const more = issues.length - named.length
  return more > 0 ? `${named.join("; ")}; and ${more} more` : named.join("; ")
}
