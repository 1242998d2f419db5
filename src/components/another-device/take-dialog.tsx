import React, { useMemo, useRef } from "react"
import styled from "styled-components"
import { episodeLabel } from "../../episode-label"
import { Button } from "../../styles/layout"
import { additionsOf, addsNothing, takeViewing, type TakeAdditions } from "../../viewing/take-link/merge-viewing"
import type { TakeReading } from "../../viewing/take-link/read-take-link"
import type { EpisodeProgress, ViewingState } from "../../viewing/viewing-types"
import { ModalDialog } from "./modal-dialog"
import { TAKE_TEXTS, addedText, leftOutText } from "../../texts/take"
import { theme } from "../../styles/theme"

const Heading = styled.h3`
  margin: ${theme.space.md} 0 ${theme.space.xs};
  font-size: ${theme.fontSizes.md};
`

const Titles = styled.ul`
  margin: 0;
  padding-left: 1.25rem;
  overflow-wrap: anywhere;
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
  margin-top: ${theme.space.md};
`

const positionName = (entry: EpisodeProgress) => [entry.seriesTitle, episodeLabel(entry.episodeNumber), entry.episodeTitle].filter(Boolean).join(" · ") || "Untitled episode"

function Additions({ additions }: { additions: TakeAdditions }) {
  return (
    <>
      {additions.series.length > 0 && <Heading>{TAKE_TEXTS.seriesHeading}</Heading>}
      {additions.series.length > 0 && (
        <Titles>
          {additions.series.map((series) => (
            <li key={series.seriesId}>{series.title ?? "Untitled series"}</li>
          ))}
        </Titles>
      )}
      {additions.positions.length > 0 && <Heading>{TAKE_TEXTS.positionsHeading}</Heading>}
      {additions.positions.length > 0 && (
        <Titles>
          {additions.positions.map((entry) => (
            <li key={entry.episodeId}>{positionName(entry)}</li>
          ))}
        </Titles>
      )}
    </>
  )
}

interface TakeDialogProps {
  reading: Exclude<TakeReading, { kind: "none" }>
  /** What this browser holds now. */
  state: ViewingState
  /** Whether this browser keeps data for the site. */
  available: boolean
  /** Once the dialog has closed: what the page's status line says (empty when there is nothing to say: Escape, or Close). */
  onDone: (said: string) => void
}

/**
 * What a take link would add to this browser, asked before anything is
 * written: Add merges it, Cancel leaves everything as it was. A link that
 * cannot be read, or adds nothing, says so with a Close button only.
 */
export function TakeDialog({ reading, state, available, onDone }: TakeDialogProps) {
  // Asked about what was here when the link was read: a write in another tab meanwhile is merged all the same.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the state when the link was read
  const additions = useMemo(() => (reading.kind === "list" && available ? additionsOf(state, reading.state) : null), [reading])
  const said = useRef("")
  const problem = reading.kind === "unreadable" ? TAKE_TEXTS.unreadable[reading.why] : !available ? TAKE_TEXTS.noStorage : null
  const offered = additions !== null && !addsNothing(additions)
  const finish = (close: () => void, outcome: () => string) => {
    said.current = outcome()
    close()
  }
  const add = () => {
    const added = reading.kind === "list" ? takeViewing(reading.state) : undefined
    return added ? addedText(added) : TAKE_TEXTS.refused
  }
  return (
    <ModalDialog title={TAKE_TEXTS.title} onClose={() => onDone(said.current)}>
      {(close) => (
        <>
          {problem && <p>{problem}</p>}
          {additions && !offered && <p>{TAKE_TEXTS.nothingNew}</p>}
          {additions && offered && <Additions additions={additions} />}
          {reading.kind === "list" && reading.leftOut > 0 && <p>{leftOutText(reading.leftOut)}</p>}
          <Actions>
            {offered && (
              <Button type="button" onClick={() => finish(close, add)}>
                {TAKE_TEXTS.add}
              </Button>
            )}
            <Button type="button" $variant="ghost" onClick={() => finish(close, () => (offered ? TAKE_TEXTS.cancelled : ""))}>
              {offered ? TAKE_TEXTS.cancel : TAKE_TEXTS.close}
            </Button>
          </Actions>
        </>
      )}
    </ModalDialog>
  )
}
