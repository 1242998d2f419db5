import React, { Suspense, useEffect, useState } from "react"
import { hasStoredViewing } from "../viewing/storage-key"
import { lazyOptional } from "./lazy-optional"

const ContinueWatching = lazyOptional(() => import("./continue-watching").then((module) => module.ContinueWatching))

/**
 * Where Continue watching goes on the home page. Its code (the section, the
 * store, the cards) downloads only for a visitor whose browser remembers
 * something, after hydration; a first visit pays nothing for it. It sits
 * below the full-screen hero, so arriving late moves nothing on screen.
 */
export function ContinueWatchingSlot() {
  const [remembered, setRemembered] = useState(false)
  useEffect(() => setRemembered(hasStoredViewing()), [])
  if (!remembered) return null
  return (
    <Suspense fallback={null}>
      <ContinueWatching />
    </Suspense>
  )
}
