import React, { useState, type ComponentType } from "react"
import { Button } from "../../styles/layout"
import type { ViewingState } from "../../viewing/viewing-types"
import { ANOTHER_DEVICE_TEXTS } from "../../texts/another-device"

type ShareDialog = ComponentType<{ state: ViewingState; onClose: () => void }>

// The dialog, the making of the link and the QR library are a chunk of their own, fetched on the first click: no page's first load pays for them.
const loadShareDialog = () => import(/* webpackChunkName: "another-device-link" */ "./share-dialog").then((module) => module.ShareDialog)

/**
 * The "Continue on another device" button, which opens the dialog once its
 * code has arrived; `onUnavailable` gets what to say when it cannot (offline,
 * before the chunk was ever fetched).
 */
export function ContinueElsewhere({ state, onUnavailable }: { state: ViewingState; onUnavailable: (said: string) => void }) {
  const [Dialog, setDialog] = useState<{ Shown: ShareDialog } | null>(null)
  const show = () =>
    loadShareDialog().then(
      (Shown) => setDialog({ Shown }),
      () => onUnavailable(ANOTHER_DEVICE_TEXTS.notLoaded),
    )
  return (
    <>
      <Button type="button" $variant="ghost" onClick={() => void show()}>
        {ANOTHER_DEVICE_TEXTS.open}
      </Button>
      {Dialog && <Dialog.Shown state={state} onClose={() => setDialog(null)} />}
    </>
  )
}
