import React from "react"
import { formatMinutes } from "../../playback/format-clock"
import { VisuallyHidden } from "../../styles/layout"

/**
 * An episode's number and length, as cards and the episode's header show
 * them: "Episode 3 · 12 min" (read "Episode 3, 12 min"). The length is the
 * video host's, read at build time; either part may be missing.
 */
export function EpisodeFacts({ label, durationSeconds }: { label?: string | null; durationSeconds?: number | null }) {
  const length = durationSeconds && durationSeconds > 0 ? formatMinutes(durationSeconds) : null
  return (
    <>
      {label && <span>{label}</span>}
      {label && length && (
        <>
          <VisuallyHidden>, </VisuallyHidden>
          <span aria-hidden="true"> · </span>
        </>
      )}
      {length && <span>{length}</span>}
    </>
  )
}
