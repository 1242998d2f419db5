import React from "react"
import { Button } from "../../styles/layout"
import { clearHistory, restoreHistory } from "../../viewing/viewing-history"
import type { Removal } from "./undo-notice"

/**
 * Forgets where the visitor stopped in every episode; their saved series stay.
 * `onCleared` gets the removal to offer Undo for (not called when there was nothing to clear).
 */
export function ClearHistoryButton({ onCleared }: { onCleared: (removal: Removal) => void }) {
  const clear = () => {
    const forgotten = clearHistory()
    if (forgotten.length > 0) onCleared({ message: "Viewing history cleared.", undo: () => restoreHistory(forgotten) })
  }
  return (
    <Button type="button" $variant="ghost" onClick={clear}>
      Clear viewing history
    </Button>
  )
}
