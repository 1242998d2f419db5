import React, { useMemo, useState } from "react"
import styled from "styled-components"
import { graphql } from "gatsby"
import { Container, Section, SectionTitle } from "../../styles/layout"
import { pageItems, pageOfIndex, paginationContext } from "../pagination/pages"
import { routes } from "../../routes"
import { CardContent, CardGrid } from "../cards/card-grid"
import { Card, CardLink, Grid } from "../cards/card-parts"
import { EpisodePlayback } from "../playback/episode-playback"
import { FirstScreenEnd } from "../layout/first-screen-end"
import { HtmlContent } from "../layout/html-content"
import { PageShell } from "../layout/page-shell"
import { Pagination } from "../pagination/pagination"
import { ShareButton } from "../cards/share-button"
import { SaveSeriesButton, saveableSeries } from "../my-list/save-series-button"
import { WatchProgress } from "../cards/watch-progress"
import { episodeLabel } from "../../episode-label"
import { EpisodeFacts } from "../cards/episode-facts"
import { Breadcrumbs } from "../layout/breadcrumbs"
import type { Crumb } from "../../seo/page-head"
import { createPlaybackControl, type PlaybackControl } from "../../playback/playback-control"
import { ShareFromButton } from "../cards/share-from-button"
import { ChapterList } from "../playback/chapter-list"
import { EpisodeTranscript } from "../playback/episode-transcript"
import { hydratedLater } from "../layout/hydrated-later"
import { theme } from "../../styles/theme"

export const query = graphql`
  fragment EpisodeScreen on CatalogueEpisode {
    _id
    title
    episode
    videoDurationSeconds
    description
    descriptionText
    playerEmbedUrl
    images {
      ...PosterImage
    }
    chapters {
      start
      end
      title
    }
    transcripts {
      language
      label
      paragraphs {
        start
        text
      }
    }
  }
`

const Title = styled.h1`
  margin: ${theme.space.lg} 0 ${theme.space.md};
  font-size: ${theme.fontSizes.xl};
`

// Under the title: which episode and how long, as its card says it.
const Facts = styled.p`
  margin: -${theme.space.sm} 0 ${theme.space.md};
  color: ${theme.colors.accent};
  font-weight: 700;
`

const Description = styled(HtmlContent)`
  max-width: 48rem;
  color: ${theme.colors.mutedText};
`

const PlayingCard = styled(Card)`
  border-color: ${theme.colors.accent};
  &:hover {
    transform: none;
  }
`

const PlayingBadge = styled.p`
  position: absolute;
  top: ${theme.space.sm};
  left: ${theme.space.sm};
  margin: 0;
  padding: 0.2rem 0.7rem;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.accent};
  color: ${theme.colors.accentText};
  font-weight: 800;
  font-size: ${theme.fontSizes.sm};
`

const Inert = styled.div`
  display: flex;
  flex-direction: column;
  flex: 1;
`

export interface EpisodeScreenProps {
  episode: Queries.EpisodeScreenFragment
  series: { _id: string; title: string | null } | null
  /** The visitor came from Up next: play at once. */
  autoStart?: boolean
  /** The series' episodes, ascending by episode number. */
  seriesEpisodes: readonly Queries.EpisodeCardFragment[]
  recommended: readonly Queries.SeriesCardFragment[]
  /** Home down to this episode (its PageHead's). */
  breadcrumbs: readonly Crumb[]
  /** The page address's query (`location.search`): `?t=` starts the player at a moment. */
  search?: string
}

/** The series' episodes in pages, opened on the one playing (its card marked, with Share from the moment played). */
function NextEpisodes({
  episode,
  seriesEpisodes,
  control,
}: {
  episode: Queries.EpisodeScreenFragment
  seriesEpisodes: EpisodeScreenProps["seriesEpisodes"]
  control: PlaybackControl
}) {
  const currentIndex = seriesEpisodes.findIndex((item) => item._id === episode._id)
  // Open 'Next Episodes' on the page that holds the playing episode.
  const [page, setPage] = useState(pageOfIndex(currentIndex))
  const pagination = paginationContext(page, seriesEpisodes.length)
  return (
    <Section aria-labelledby="next-episodes">
      <Container>
        <SectionTitle id="next-episodes">Next Episodes</SectionTitle>
        <Grid>
          {pageItems(seriesEpisodes, pagination).map((item) => {
            const content = {
              label: episodeLabel(item.episode),
              durationSeconds: item.videoDurationSeconds,
              title: item.title,
              text: item.descriptionText,
              image: item.images[0],
              imageOverlay: <WatchProgress episodeId={item._id} />,
            }
            return item._id === episode._id ? (
              <PlayingCard key={item._id} aria-current="true">
                <Inert>
                  <CardContent item={content} />
                </Inert>
                <PlayingBadge>Playing</PlayingBadge>
                <ShareFromButton title={item.title ?? ""} control={control} />
                <ShareButton title={item.title ?? ""} />
              </PlayingCard>
            ) : (
              <Card key={item._id}>
                <CardLink to={routes.episode(item._id)}>
                  <CardContent item={content} />
                </CardLink>
                <ShareButton title={item.title ?? ""} />
              </Card>
            )
          })}
        </Grid>
        <Pagination label="Next Episodes pages" currentPage={page} numPages={pagination.numPages} onSelect={setPage} />
      </Container>
    </Section>
  )
}

/** Under the player: where the episode sits, its title, facts and description, the chapters and the transcript. */
const EpisodeDetails = hydratedLater(function EpisodeDetails({
  episode,
  breadcrumbs,
  control,
}: {
  episode: Queries.EpisodeScreenFragment
  breadcrumbs: readonly Crumb[]
  control: PlaybackControl
}) {
  return (
    <>
      <Breadcrumbs trail={breadcrumbs} />
      <Container>
        <Title>{episode.title}</Title>
        {(episode.episode != null || episode.videoDurationSeconds) && (
          <Facts>
            <EpisodeFacts label={episodeLabel(episode.episode)} durationSeconds={episode.videoDurationSeconds} />
          </Facts>
        )}
        <Description html={episode.description} />
        <ChapterList chapters={episode.chapters} src={episode.playerEmbedUrl} control={control} />
        <EpisodeTranscript transcripts={episode.transcripts} src={episode.playerEmbedUrl} control={control} />
      </Container>
    </>
  )
})

const LaterPlayback = hydratedLater(EpisodePlayback)

const LaterNextEpisodes = hydratedLater(NextEpisodes)

/** Series of the episode's subcategory, to save or open. */
const Recommended = hydratedLater(function Recommended({ recommended }: { recommended: EpisodeScreenProps["recommended"] }) {
  return (
    <Section aria-labelledby="recommended">
      <Container>
        <SectionTitle id="recommended">Recommended</SectionTitle>
        <CardGrid
          items={recommended.map((series) => ({
            key: series._id,
            to: routes.series(series._id),
            title: series.title,
            image: series.images[0],
            action: <SaveSeriesButton series={saveableSeries(series)} look="card" />,
          }))}
        />
      </Container>
    </Section>
  )
})

/**
 * Every part of the episode's page but the header is hydrated after the page
 * (hydratedLater), the player first; each is keyed by episode, so that moving
 * to another episode draws it anew rather than updating a part still waiting.
 */
export function EpisodeScreen({ episode, series, seriesEpisodes, recommended, breadcrumbs, autoStart = false, search = "" }: EpisodeScreenProps) {
  // One per episode: another episode's position must not mark this one's chapters.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- made anew for each episode, though not from it
  const control = useMemo(() => createPlaybackControl(), [episode._id])
  return (
    <PageShell>
      <LaterPlayback key={`player ${episode._id}`} episode={episode} series={series} seriesEpisodes={seriesEpisodes} autoStart={autoStart} search={search} control={control} />
      <FirstScreenEnd />
      <EpisodeDetails key={`details ${episode._id}`} episode={episode} breadcrumbs={breadcrumbs} control={control} />
      {seriesEpisodes.length > 0 && <LaterNextEpisodes key={`next ${episode._id}`} episode={episode} seriesEpisodes={seriesEpisodes} control={control} />}
      {recommended.length > 0 && <Recommended key={`recommended ${episode._id}`} recommended={recommended} />}
    </PageShell>
  )
}
