import React, { Suspense, lazy, useEffect, useRef, useState } from "react"
import styled from "styled-components"
import { canTakeLinks, isTakeHash } from "../../viewing/take-link/take-link-gate"
import type { ViewingState } from "../../viewing/viewing-types"
import { ANOTHER_DEVICE_TEXTS } from "../../texts/another-device"
import { ContinueElsewhere } from "./continue-elsewhere"
import { theme } from "../../styles/theme"

const loadTakeLinkDialog = () => import(/* webpackChunkName: "take-link" */ "./take-link-dialog")

// Loaded for an address with a take link only: most visits to My list have none.
const TakeLinkDialog = lazy(() =>
  loadTakeLinkDialog().then(
    (module) => ({ default: module.TakeLinkDialog }),
    () => ({ default: ({ onDone }: { onDone: (said: string) => void }) => <Unavailable onDone={onDone} /> }),
  ),
)

/*
 * Kept for offline use: with a service worker in control, the take link's
 * code is fetched as soon as this module runs, and the worker keeps it. The
 * first visit's warm-up loads My list's code for offline use from whatever
 * page it is on, so a device that has been on the site once opens a link
 * without a network. Without a worker there is no offline to prepare for, and
 * nothing is fetched (webpack's own prefetch would have cost every page's
 * runtime 170 bytes).
 */
if (typeof navigator !== "undefined" && navigator.serviceWorker?.controller) void loadTakeLinkDialog().catch(() => undefined)

/** Without the take link's code (offline before it was ever fetched): the status line says so. */
function Unavailable({ onDone }: { onDone: (said: string) => void }) {
  // Once, as it is drawn: onDone unmounts it.
  const done = useRef(onDone)
  useEffect(() => done.current(ANOTHER_DEVICE_TEXTS.notLoaded), [])
  return null
}

// Spaced only while it says something: empty, it takes no room.
const Status = styled.p<{ $shown: boolean }>`
  margin: ${({ $shown }) => ($shown ? `0 0 ${theme.space.md}` : "0")};
`

const Actions = styled.div`
  margin-bottom: ${theme.space.md};
`

/** Whether the address holds a take link: at first, and whenever only the fragment changes (a link pasted into an open My list). */
function useTakeHash(): [boolean, () => void] {
  const [taking, setTaking] = useState(() => isTakeHash(window.location.hash))
  useEffect(() => {
    const read = () => setTaking(isTakeHash(window.location.hash))
    window.addEventListener("hashchange", read)
    return () => window.removeEventListener("hashchange", read)
  }, [])
  return [taking, () => setTaking(false)]
}

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
  const [taking, taken] = useTakeHash()
  const [said, setSaid] = useState("")
  const shareable = available && state.saved.length + state.history.length > 0 && canTakeLinks()
  return (
    <>
      <Status role="status" $shown={said !== ""}>
        {said}
      </Status>
      {shareable && (
        <Actions>
          <ContinueElsewhere state={state} onUnavailable={setSaid} />
        </Actions>
      )}
      {taking && (
        <Suspense fallback={null}>
          <TakeLinkDialog
            state={state}
            available={available}
            onDone={(text) => {
              taken()
              setSaid(text)
              onTakeClosed()
            }}
          />
        </Suspense>
      )}
    </>
  )
}
