import React, { useEffect, useRef, useState } from "react"
import styled from "styled-components"
import { Button } from "../../styles/layout"
import { theme } from "../../styles/theme"

/** Something the visitor just removed, and how to put it back. */
export interface Removal {
  /** What happened, as the status line says it: "Removed Morning Flow from My list." */
  message: string
  undo: () => void
}

// Spaced from what follows only while it says something: empty, it takes no room.
const Row = styled.div<{ $shown: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
  margin: ${({ $shown }) => ($shown ? `${theme.space.sm} 0 ${theme.space.md}` : "0")};
  p {
    margin: 0;
  }
`

/**
 * The last removal of a section and its Undo. It stays until the visitor
 * undoes it, removes something else or leaves the page: no timer, so nobody
 * needs to be quick (WCAG 2.2.1). The status line is always in the page, so
 * screen readers announce what was removed.
 */
export function useRemovalNotice(onUndone: () => void) {
  const [removal, setRemoval] = useState<Removal | null>(null)
  const undoButton = useRef<HTMLButtonElement>(null)
  // The removed control took the focus with it: it goes to Undo, the one way back.
  useEffect(() => {
    if (removal) undoButton.current?.focus()
  }, [removal])
  const notice = (
    <Row $shown={removal !== null}>
      <p role="status">{removal?.message ?? ""}</p>
      {removal && (
        <Button
          ref={undoButton}
          type="button"
          $variant="ghost"
          onClick={() => {
            removal.undo()
            setRemoval(null)
            onUndone()
          }}
        >
          Undo
        </Button>
      )}
    </Row>
  )
  return { removal, offerUndo: setRemoval, notice }
}
