import React from "react"
import { Button } from "../styles/layout"
import { clearHistory } from "../viewing/viewing-store"
import type { EpisodeProgress } from "../viewing/viewing-types"

/** Forgets where the visitor stopped in every episode; their saved series stay. `onCleared` gets what was forgotten, for Undo. */
export function ClearHistoryButton({ className, onCleared }: { className?: string; onCleared: (forgotten: readonly EpisodeProgress[]) => void }) {
  return (
    <Button type="button" $variant="ghost" className={className} onClick={() => onCleared(clearHistory())}>
      Clear viewing history
    </Button>
  )
}
