import React from "react"
import { Button } from "../styles/layout"
import { clearHistory } from "../viewing/viewing-store"

/** Forgets where the visitor stopped in every episode; their saved series stay. */
export function ClearHistoryButton({ className, onCleared }: { className?: string; onCleared?: () => void }) {
  return (
    <Button
      type="button"
      $variant="ghost"
      className={className}
      onClick={() => {
        clearHistory()
        onCleared?.()
      }}
    >
      Clear viewing history
    </Button>
  )
}
