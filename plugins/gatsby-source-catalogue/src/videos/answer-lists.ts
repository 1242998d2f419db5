import { z } from "zod/mini"
import { describeIssues } from "../../../../contract/describe-issues"

/**
 * The entries of one optional list of the video host's answer (`chapters`,
 * `text_tracks`) that read as `schema`. Each entry that does not is left
 * out, and why goes to `dropped` in the words a wrong answer's fields are
 * named in (`"chapters[2].start" should be a number, but it is missing`):
 * one bad chapter costs that chapter, never the episode's player.
 */
export function listEntries<T>(answer: Record<string, unknown>, field: string, schema: z.ZodMiniType<T>, dropped: string[]): T[] {
  const raw = answer[field]
  if (raw === undefined || raw === null) return []
  if (!Array.isArray(raw)) {
    dropped.push(
      describeIssues(
        z
          .array(z.unknown())
          .safeParse(raw)
          .error!.issues.map((issue) => ({ ...issue, path: [field] })),
        answer,
      ),
    )
    return []
  }
  return raw.flatMap((entry: unknown, index) => {
    const read = schema.safeParse(entry)
    if (read.success) return [read.data]
    dropped.push(
      describeIssues(
        read.error.issues.map((issue) => ({ ...issue, path: [field, index, ...issue.path] })),
        answer,
      ),
    )
    return []
  })
}
