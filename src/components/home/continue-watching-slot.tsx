import React, { Suspense, useEffect, useState } from "react"
import styled from "styled-components"
import { CONTINUE_WATCHING_FIRST_SCREEN } from "../../styles/boxes"
import { CONTINUE_WATCHING_ATTRIBUTE, hasStoredViewing } from "../../viewing/storage-key"
import { lazyOptional } from "../layout/lazy-optional"

const ContinueWatching = lazyOptional(() => import("../my-list/continue-watching").then((module) => module.ContinueWatching))

// Held open in the first screen when the page learnt before its first paint that there is something to
// continue (CONTINUE_WATCHING_HINT_SCRIPT); otherwise it takes no room until the section comes.
const Room = styled.div`
  [${CONTINUE_WATCHING_ATTRIBUTE}] & {
    min-height: ${CONTINUE_WATCHING_FIRST_SCREEN};
  }
`

/**
 * Where Continue watching goes on the home page. Its code (the section, the
 * store, the cards) downloads only for a visitor whose browser remembers
 * something, after hydration; a first visit pays nothing for it. For a
 * visitor with an episode to continue it is in the first screen, under a
 * shorter hero, in room kept for it from the first paint; otherwise it comes
 * below the full-screen hero. Either way arriving late moves nothing on screen.
 */
export function ContinueWatchingSlot() {
  const [remembered, setRemembered] = useState(false)
  // eslint-disable-next-line react-hooks/set-state-in-effect -- read after hydration: the built HTML cannot know it
  useEffect(() => setRemembered(hasStoredViewing()), [])
  return (
    <Room>
      {remembered && (
        <Suspense fallback={null}>
          <ContinueWatching />
        </Suspense>
      )}
    </Room>
  )
}
