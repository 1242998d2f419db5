import React, { useEffect, useState } from "react"
import { routes } from "../../routes"
import { Button } from "../../styles/layout"
import { makeTakeLink, type TakeLink } from "../../viewing/take-link/make-take-link"
import type { ViewingState } from "../../viewing/viewing-types"
import { ANOTHER_DEVICE_TEXTS } from "../../texts/another-device"
import { CopyLink } from "./copy-link"
import { ModalDialog } from "./modal-dialog"
import { QrCode } from "./qr-code"
import { SHARE_TEXTS, tooLongText } from "../../texts/share"

/**
 * The link to this site's My list carrying `state`, as a QR code and as text
 * to copy. The link names this page's own origin: it opens the site the list
 * was made on, whichever address (a preview, a mirror) that is.
 */
function SharePanel({ state }: { state: ViewingState }) {
  const [link, setLink] = useState<TakeLink | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    makeTakeLink(state, new URL(routes.myList, window.location.origin).href).then(
      (made) => live && setLink(made),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [state])
  if (failed) return <p>{SHARE_TEXTS.notMade}</p>
  if (!link) return <p>{SHARE_TEXTS.making}</p>
  const cut = link.carried.saved < link.total.saved || link.carried.history < link.total.history
  return (
    <>
      <p>{SHARE_TEXTS.lead}</p>
      {cut && <p>{tooLongText(link)}</p>}
      <QrCode text={link.url} label={SHARE_TEXTS.qrLabel} />
      <CopyLink url={link.url} />
    </>
  )
}

/**
 * "Continue on another device", the dialog: its own chunk with the QR
 * library, fetched when the visitor first asks for it.
 */
export function ShareDialog({ state, onClose }: { state: ViewingState; onClose: () => void }) {
  return (
    <ModalDialog
      title={ANOTHER_DEVICE_TEXTS.open}
      onClose={onClose}
      headerAction={(close) => (
        <Button type="button" $variant="ghost" onClick={close}>
          {SHARE_TEXTS.close}
        </Button>
      )}
    >
      {() => <SharePanel state={state} />}
    </ModalDialog>
  )
}
