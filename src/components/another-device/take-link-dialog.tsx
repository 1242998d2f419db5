import React from "react"
import type { ViewingState } from "../../viewing/viewing-types"
import { TakeDialog } from "./take-dialog"
import { useTakeLink } from "./use-take-link"

interface TakeLinkDialogProps {
  state: ViewingState
  available: boolean
  /** Once the dialog has closed and the fragment has left the address: what the page's status line says. */
  onDone: (said: string) => void
}

/**
 * My list opened with a take link: reads it and asks what to do with it. Its
 * own chunk, loaded only for such an address, and prefetched by My list so a
 * device that has been on the site takes a link offline.
 */
export function TakeLinkDialog({ state, available, onDone }: TakeLinkDialogProps) {
  const { reading, forget } = useTakeLink()
  if (!reading || reading.kind === "none") return null
  return (
    <TakeDialog
      reading={reading}
      state={state}
      available={available}
      onDone={(said) => {
        forget()
        onDone(said)
      }}
    />
  )
}
