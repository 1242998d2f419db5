import React, { useState, type ComponentType } from "react"
import { Button } from "../../styles/layout"
import type { ViewingState } from "../../viewing/viewing-types"
import { ANOTHER_DEVICE_TEXTS } from "./another-device-texts"
import { ModalDialog } from "./modal-dialog"

type Panel = ComponentType<{ state: ViewingState }>

// The QR library and the link's making are a chunk of their own, fetched on the first click: no page's first load pays for them.
const loadPanel = () => import(/* webpackChunkName: "another-device-link" */ "./share-panel").then((module) => module.SharePanel)

/**
 * "Continue on another device": a button that opens a dialog with a link
 * carrying `state`, as a QR code and as text. The dialog opens at once and
 * says it is making the link while its code arrives.
 */
export function ContinueElsewhere({ state }: { state: ViewingState }) {
  const [open, setOpen] = useState(false)
  const [panel, setPanel] = useState<{ Panel: Panel } | "failed" | null>(null)
  const show = () => {
    setOpen(true)
    if (panel === null || panel === "failed") {
      loadPanel().then(
        (Panel) => setPanel({ Panel }),
        () => setPanel("failed"),
      )
    }
  }
  return (
    <>
      <Button type="button" $variant="ghost" onClick={show}>
        {ANOTHER_DEVICE_TEXTS.open}
      </Button>
      {open && (
        <ModalDialog
          title={ANOTHER_DEVICE_TEXTS.open}
          onClose={() => setOpen(false)}
          headerAction={(close) => (
            <Button type="button" $variant="ghost" onClick={close}>
              {ANOTHER_DEVICE_TEXTS.close}
            </Button>
          )}
        >
          {() =>
            panel === "failed" ? (
              <p>{ANOTHER_DEVICE_TEXTS.notLoaded}</p>
            ) : panel ? (
              <panel.Panel state={state} />
            ) : (
              <p>{ANOTHER_DEVICE_TEXTS.making}</p>
            )
          }
        </ModalDialog>
      )}
    </>
  )
}
