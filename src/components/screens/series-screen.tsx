import React from "react"
import { graphql } from "gatsby"
import { Container, Section, SectionTitle } from "../../styles/layout"
import { routes } from "../../routes"
import { CardGrid } from "../cards/card-grid"
import { Hero } from "../layout/hero"
import { IntroBlock } from "../layout/intro-block"
import { PageShell } from "../layout/page-shell"
import { SaveSeriesButton, saveableSeries } from "../my-list/save-series-button"
import { SeriesStartLink } from "../playback/series-start-link"
import { WatchProgress } from "../cards/watch-progress"
import { episodeLabel } from "../../episode-label"
import { Breadcrumbs } from "../layout/breadcrumbs"
import type { Crumb } from "../../seo/page-head"

export const query = graphql`
  fragment SeriesScreen on CatalogueSeries {
    _id
    title
    description
    descriptionText
    images {
      ...HeroImage
    }
    episodes {
      ...EpisodeCard
    }
  }
  fragment EpisodeCard on CatalogueEpisode {
    _id
    title
    episode
    videoDurationSeconds
    descriptionText
    images {
      ...CardImage
    }
  }
`

export function SeriesScreen({ series, breadcrumbs }: { series: Queries.SeriesScreenFragment; breadcrumbs: readonly Crumb[] }) {
  return (
    <PageShell>
      <Hero title={series.title} image={series.images[0]} action={<SaveSeriesButton series={saveableSeries(series)} look="hero" />}>
        <SeriesStartLink episodes={series.episodes} />
      </Hero>
      <Breadcrumbs trail={breadcrumbs} />
      <IntroBlock id="series-intro" title={series.title} html={series.description} />
      {series.episodes.length > 0 && (
        <Section aria-labelledby="videos-heading">
          <Container>
            <SectionTitle id="videos-heading">Videos</SectionTitle>
            <CardGrid
              items={series.episodes.map((episode) => ({
                key: episode._id,
                to: routes.episode(episode._id),
                label: episodeLabel(episode.episode),
                durationSeconds: episode.videoDurationSeconds,
                title: episode.title,
                text: episode.descriptionText,
                image: episode.images[0],
                imageOverlay: <WatchProgress episodeId={episode._id} />,
              }))}
            />
          </Container>
        </Section>
      )}
    </PageShell>
  )
}
