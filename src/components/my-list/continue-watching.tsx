import React, { useRef } from "react"
import styled from "styled-components"
import { formatMinutes } from "../../playback/format-clock"
import { routes } from "../../routes"
import { Container, Section, SectionTitle } from "../../styles/layout"
import { useViewing } from "../../viewing/use-viewing"
import { inProgress } from "../../viewing/viewing-store"
import { removeFromHistory, restoreHistory } from "../../viewing/viewing-history"
import type { EpisodeProgress } from "../../viewing/viewing-types"
import { Card, CardBody, CardLabel, CardLink, CardText, CardTitle, Grid } from "../cards/card-parts"
import { RemoveCardButton } from "../cards/card-icon-button"
import { ClearHistoryButton } from "./clear-history-button"
import { useRemovalNotice, type Removal } from "./undo-notice"
import { RememberedImage } from "../images/remembered-image"
import { ProgressBar } from "../cards/watch-progress"
import { episodeLabel } from "../../episode-label"
import { theme } from "../../styles/theme"

/** The home page shows at most this many episodes in progress, most recent first. */
export const CONTINUE_WATCHING_LIMIT = 8

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${theme.space.sm};
  h2:focus {
    outline: none;
  }
`

const seriesLine = (progress: EpisodeProgress) => [progress.seriesTitle, episodeLabel(progress.episodeNumber)].filter(Boolean).join(" · ")

function ContinueCard({ progress, onRemoved }: { progress: EpisodeProgress; onRemoved: (removal: Removal) => void }) {
  const title = progress.episodeTitle ?? "Untitled episode"
  const series = seriesLine(progress)
  return (
    <Card>
      <CardLink to={routes.episode(progress.episodeId)}>
        <RememberedImage image={progress.image}>
          <ProgressBar progress={progress} />
        </RememberedImage>
        <CardBody>
          {series && <CardLabel>{series}</CardLabel>}
          <CardTitle>{title}</CardTitle>
          <CardText>{formatMinutes(progress.duration - progress.seconds)} left</CardText>
        </CardBody>
      </CardLink>
      <RemoveCardButton
        label={`Remove ${title} from Continue watching`}
        onRemove={() => {
          const removed = removeFromHistory(progress.episodeId)
          if (removed) onRemoved({ message: `Removed ${title} from Continue watching.`, undo: () => restoreHistory([removed]) })
        }}
      />
    </Card>
  )
}

/**
 * The episodes the visitor started and did not finish, from their own
 * browser's memory. It renders nothing on the server and nothing for a
 * visitor without history; it sits below the full-screen hero, so appearing
 * after hydration moves nothing already on screen.
 */
export function ContinueWatching() {
  const { state } = useViewing()
  const heading = useRef<HTMLHeadingElement>(null)
  const { removal, offerUndo, notice } = useRemovalNotice(() => heading.current?.focus())
  const items = inProgress(state).slice(0, CONTINUE_WATCHING_LIMIT)
  // Emptied by the visitor, the section stays for its Undo until they leave.
  if (items.length === 0 && removal === null) return null
  return (
    <Section aria-labelledby="continue-watching">
      <Container>
        <Heading>
          <SectionTitle id="continue-watching" ref={heading} tabIndex={-1}>
            Continue watching
          </SectionTitle>
          {items.length > 0 && <ClearHistoryButton onCleared={offerUndo} />}
        </Heading>
        {notice}
        {items.length > 0 && (
          <Grid>
            {items.map((progress) => (
              <ContinueCard key={progress.episodeId} progress={progress} onRemoved={offerUndo} />
            ))}
          </Grid>
        )}
      </Container>
    </Section>
  )
}
