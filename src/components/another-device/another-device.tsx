import React, { useState } from "react"
import styled from "styled-components"
import { canDeflate } from "../../viewing/take-link/deflate-text"
import type { ViewingState } from "../../viewing/viewing-types"
import { ContinueElsewhere } from "./continue-elsewhere"
import { TakeDialog } from "./take-dialog"
import { useTakeLink } from "./use-take-link"

// Spaced only while it says something: empty, it takes no room.
const Status = styled.p<{ $shown: boolean }>`
  margin: ${({ theme, $shown }) => ($shown ? `0 0 ${theme.space.md}` : "0")};
`

const Actions = styled.div`
  margin-bottom: ${({ theme }) => theme.space.md};
`

interface AnotherDeviceProps {
  state: ViewingState
  available: boolean
  /** After a take link's dialog has closed: the page puts the focus back at its top. */
  onTakeClosed: () => void
}

/**
 * My list across devices, drawn once the page has hydrated: "Continue on
 * another device" when there is something to take, and, when the page was
 * opened with a take link, the dialog that offers its list, with a status
 * line saying what was added.
 */
export function AnotherDevice({ state, available, onTakeClosed }: AnotherDeviceProps) {
  const { reading, forget } = useTakeLink()
  const [said, setSaid] = useState("")
  const shareable = available && state.saved.length + state.history.length > 0 && canDeflate()
  return (
    <>
      <Status role="status" $shown={said !== ""}>
        {said}
      </Status>
      {shareable && (
        <Actions>
          <ContinueElsewhere state={state} />
        </Actions>
      )}
      {reading && reading.kind !== "none" && (
        <TakeDialog
          reading={reading}
          state={state}
          available={available}
          onDone={(text) => {
            forget()
            setSaid(text)
            onTakeClosed()
          }}
        />
      )}
    </>
  )
}
