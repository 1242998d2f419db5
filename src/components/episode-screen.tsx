import React, { useState } from "react"
import styled from "styled-components"
import { Link, graphql } from "gatsby"
import { CardGrid } from "./card-grid"
import { CatalogueImage } from "./catalogue-image"
import { HtmlContent } from "./html-content"
import { PageShell } from "./page-shell"
import { ITEMS_PER_PAGE, routes } from "../page-creation/routes"

const Player = styled.iframe`
  display: block;
  width: 100%;
  aspect-ratio: 16 / 9;
  border: 0;
  background: #000;
`

const EpisodeList = styled.ol`
  list-style: none;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
`

export const query = graphql`
  fragment EpisodeScreen on CatalogueEpisode {
    _id
    title
    description
    playerEmbedUrl
  }
`

export interface EpisodeScreenProps {
  episode: Queries.EpisodeScreenFragment
  /** The series' episodes, ascending by episode number. */
  seriesEpisodes: readonly Queries.EpisodeCardFragment[]
  recommended: readonly Queries.SeriesCardFragment[]
}

export function EpisodeScreen({ episode, seriesEpisodes, recommended }: EpisodeScreenProps) {
  const currentIndex = seriesEpisodes.findIndex((e) => e._id === episode._id)
  const [page, setPage] = useState(Math.max(0, Math.floor(currentIndex / ITEMS_PER_PAGE)))
  const numPages = Math.ceil(seriesEpisodes.length / ITEMS_PER_PAGE)
  const shown = seriesEpisodes.slice(page * ITEMS_PER_PAGE, (page + 1) * ITEMS_PER_PAGE)

  return (
    <PageShell>
      {episode.playerEmbedUrl ? (
        <Player src={episode.playerEmbedUrl} title={episode.title ?? "Video player"} allow="autoplay; fullscreen; picture-in-picture" allowFullScreen />
      ) : (
        <p>This video cannot be played right now.</p>
      )}
      <h1>{episode.title}</h1>
      <HtmlContent html={episode.description} />
      {seriesEpisodes.length > 0 && (
        <section aria-labelledby="next-episodes">
          <h2 id="next-episodes">Next Episodes</h2>
          <EpisodeList>
            {shown.map((item) => (
              <li key={item._id}>
                {item._id === episode._id ? (
                  <div aria-current="true">
                    <CatalogueImage image={item.images[0]} alt={item.title ?? ""} />
                    <p>Playing</p>
                    <h3>{item.title}</h3>
                  </div>
                ) : (
                  <Link to={routes.episode(item._id)}>
                    <CatalogueImage image={item.images[0]} alt={item.title ?? ""} />
                    <p>Episode {item.episode}</p>
                    <h3>{item.title}</h3>
                  </Link>
                )}
              </li>
            ))}
          </EpisodeList>
          {numPages > 1 && (
            <nav aria-label="Next Episodes pages">
              <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
                Prev
              </button>{" "}
              <span>
                Page {page + 1} of {numPages}
              </span>{" "}
              <button type="button" disabled={page >= numPages - 1} onClick={() => setPage(page + 1)}>
                Next
              </button>
            </nav>
          )}
        </section>
      )}
      {recommended.length > 0 && (
        <section aria-labelledby="recommended">
          <h2 id="recommended">Recommended</h2>
          <CardGrid
            items={recommended.map((series) => ({
              key: series._id,
              to: routes.series(series._id),
              title: series.title,
              image: series.images[0],
            }))}
          />
        </section>
      )}
    </PageShell>
  )
}
