import React, { useEffect, useState } from "react"
import { routes } from "../../routes"
import { makeTakeLink, type TakeLink } from "../../viewing/take-link/make-take-link"
import type { ViewingState } from "../../viewing/viewing-types"
import { ANOTHER_DEVICE_TEXTS, tooLongText } from "./another-device-texts"
import { CopyLink } from "./copy-link"
import { QrCode } from "./qr-code"

/**
 * The inside of "Continue on another device": the link to this site's My
 * list carrying `state`, as a QR code and as text to copy. Its own chunk,
 * with the QR library, loaded when the visitor opens the dialog. The link
 * names this page's own origin: it opens the site the list was made on,
 * whichever address (a preview, a mirror) that is.
 */
export function SharePanel({ state }: { state: ViewingState }) {
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
  if (failed) return <p>{ANOTHER_DEVICE_TEXTS.notMade}</p>
  if (!link) return <p>{ANOTHER_DEVICE_TEXTS.making}</p>
  const cut = link.carried.saved < link.total.saved || link.carried.history < link.total.history
  return (
    <>
      <p>{ANOTHER_DEVICE_TEXTS.lead}</p>
      {cut && <p>{tooLongText(link)}</p>}
      <QrCode text={link.url} label={ANOTHER_DEVICE_TEXTS.qrLabel} />
      <CopyLink url={link.url} />
    </>
  )
}
