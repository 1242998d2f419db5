import React from "react"
import { graphql } from "gatsby"
import { CardGrid } from "./card-grid"
import { Hero } from "./hero"
import { HtmlContent } from "./html-content"
import { PageShell } from "./page-shell"
import { routes } from "../page-creation/routes"

export const query = graphql`
  fragment SeriesScreen on CatalogueSeries {
    _id
    title
    description
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
    description
    images {
      ...CardImage
    }
  }
`

/** Plain text of sanitised HTML, for card teasers. */
export function textOf(html: string | null | undefined): string | null {
  return html ? html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim() : null
}

export function SeriesScreen({ series }: { series: Queries.SeriesScreenFragment }) {
  return (
    <PageShell>
      <Hero title={series.title} image={series.images[0]} />
      <section aria-label="About">
        <h2>{series.title}</h2>
        <HtmlContent html={series.description} />
      </section>
      {series.episodes.length > 0 && (
        <section aria-labelledby="videos-heading">
          <h2 id="videos-heading">Videos</h2>
          <CardGrid
            items={series.episodes.map((episode) => ({
              key: episode._id,
              to: routes.episode(episode._id),
              label: episode.episode != null ? `Episode ${episode.episode}` : null,
              title: episode.title,
              text: textOf(episode.description),
              image: episode.images[0],
            }))}
          />
        </section>
      )}
    </PageShell>
  )
}
