import React, { useRef } from "react"
import styled from "styled-components"
import { Link } from "gatsby"
import { MY_LIST_TITLE } from "../../texts/fixed-pages"
import { routes } from "../../routes"
import { Container, Section, SectionTitle } from "../../styles/layout"
import { useViewing } from "../../viewing/use-viewing"
import { restoreSaved, unsaveSeries } from "../../viewing/viewing-store"
import type { SavedSeries } from "../../viewing/viewing-types"
import { AnotherDevice } from "../another-device/another-device"
import { ANOTHER_DEVICE_TEXTS } from "../../texts/another-device"
import { Card, CardBody, CardLink, CardTitle, Grid } from "../cards/card-parts"
import { RemoveCardButton } from "../cards/card-icon-button"
import { ClearHistoryButton } from "../my-list/clear-history-button"
import { PageShell } from "../layout/page-shell"
import { RememberedImage } from "../images/remembered-image"
import { useRemovalNotice, type Removal } from "../my-list/undo-notice"
import { theme } from "../../styles/theme"

export const MY_LIST_TEXTS = {
  title: MY_LIST_TITLE,
  lead: "Series you save stay here, in this browser only: no account, and nothing is sent to us.",
  empty: "Nothing saved yet. Press Save on any series to keep it here.",
  browse: "Browse the catalogue",
  noStorage: "This browser is not keeping data for this site (a private window, or storage turned off), so My list cannot remember series here.",
  noScript: "My list lives in your browser and needs JavaScript to show.",
  history: "Viewing history",
} as const

const Title = styled.h1`
  margin: ${theme.space.lg} 0 ${theme.space.sm};
  font-size: ${theme.fontSizes.xl};
  &:focus {
    outline: none;
  }
`

// Focused only to put the visitor back after Undo, as the page's title is.
const HistoryTitle = styled(SectionTitle)`
  &:focus {
    outline: none;
  }
`

const Lead = styled.p`
  max-width: 40rem;
  color: ${theme.colors.mutedText};
`

// At least a screen high, so the footer does not rise into view or jump when the list replaces the HTML's empty space.
const ListArea = styled.div`
  min-height: calc(100vh - ${theme.layout.headerHeight});
  min-height: calc(100svh - ${theme.layout.headerHeight});
`

function SavedCard({ series, onRemoved }: { series: SavedSeries; onRemoved: (removal: Removal) => void }) {
  const title = series.title ?? "Untitled series"
  return (
    <Card>
      <CardLink to={routes.series(series.seriesId)}>
        <RememberedImage image={series.image} />
        <CardBody>
          <CardTitle>{title}</CardTitle>
        </CardBody>
      </CardLink>
      <RemoveCardButton
        label={`Remove ${title} from My list`}
        onRemove={() => {
          const removed = unsaveSeries(series.seriesId)
          if (removed) onRemoved({ message: `Removed ${title} from My list.`, undo: () => restoreSaved(removed) })
        }}
      />
    </Card>
  )
}

const historyText = (count: number) =>
  count === 0
    ? "Nothing is kept yet: Resume and Continue watching begin when you play a video."
    : `Where you stopped in ${count === 1 ? "1 episode" : `${count} episodes`} is kept in this browser only, for Resume and Continue watching.`

function ViewingHistory({ count }: { count: number }) {
  const heading = useRef<HTMLHeadingElement>(null)
  const { notice, offerUndo } = useRemovalNotice(() => heading.current?.focus())
  return (
    <Section aria-labelledby="viewing-history">
      <HistoryTitle id="viewing-history" ref={heading} tabIndex={-1}>
        {MY_LIST_TEXTS.history}
      </HistoryTitle>
      <Lead>{historyText(count)}</Lead>
      {count > 0 && <ClearHistoryButton onCleared={offerUndo} />}
      {notice}
    </Section>
  )
}

/**
 * The visitor's saved series, drawn in the browser from its own storage: the
 * HTML holds the page's frame, and the list appears on hydration. Empty,
 * storage-less and script-less visitors each get a sentence that says why.
 */
export function MyListScreen() {
  const { state, available, hydrated } = useViewing()
  const title = useRef<HTMLHeadingElement>(null)
  const { notice, offerUndo } = useRemovalNotice(() => title.current?.focus())
  return (
    <PageShell>
      <Container>
        <Title ref={title} tabIndex={-1}>
          {MY_LIST_TEXTS.title}
        </Title>
        <Lead>{MY_LIST_TEXTS.lead}</Lead>
        <ListArea>
          <noscript>
            <p>{MY_LIST_TEXTS.noScript}</p>
            <p>{ANOTHER_DEVICE_TEXTS.noScript}</p>
          </noscript>
          {hydrated && !available && <p>{MY_LIST_TEXTS.noStorage}</p>}
          {hydrated && available && notice}
          {hydrated && <AnotherDevice state={state} available={available} onTakeClosed={() => title.current?.focus()} />}
          {hydrated && available && state.saved.length === 0 && (
            <p>
              {MY_LIST_TEXTS.empty} <Link to="/">{MY_LIST_TEXTS.browse}</Link>
            </p>
          )}
          {state.saved.length > 0 && (
            // A heading of its own: the cards' titles are h3s, and under the page's h1 they skipped a level.
            <SectionTitle id="saved-series">Saved series</SectionTitle>
          )}
          {state.saved.length > 0 && (
            <Grid aria-labelledby="saved-series">
              {state.saved.map((series) => (
                <SavedCard key={series.seriesId} series={series} onRemoved={offerUndo} />
              ))}
            </Grid>
          )}
          {hydrated && available && <ViewingHistory count={state.history.length} />}
        </ListArea>
      </Container>
    </PageShell>
  )
}
