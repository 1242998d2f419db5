import React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { EpisodeScreen } from "../components/episode-screen"
import { Seo } from "../components/seo"
import { textOf } from "../components/series-screen"
import type { EpisodePageContext } from "../page-creation/create-pages"

/** At most this many other series of the same subcategory under 'Recommended'. */
export const RECOMMENDED_LIMIT = 3

export default function EpisodeTemplate({ data }: PageProps<Queries.EpisodeTemplateQuery, EpisodePageContext>) {
  if (!data.catalogueEpisode) return null
  return (
    <EpisodeScreen
      episode={data.catalogueEpisode}
      seriesEpisodes={data.catalogueSeries?.episodes ?? []}
      recommended={data.allCatalogueSeries.nodes}
    />
  )
}

export function Head({ data }: HeadProps<Queries.EpisodeTemplateQuery, EpisodePageContext>) {
  return <Seo title={data.catalogueEpisode?.title} description={textOf(data.catalogueEpisode?.description)} />
}

// The series' `episodes` link is already in ascending episode order.
export const query = graphql`
  query EpisodeTemplate($id: String!, $seriesId: String!, $subcategoryId: String!) {
    catalogueEpisode(_id: { eq: $id }) {
      ...EpisodeScreen
    }
    catalogueSeries(_id: { eq: $seriesId }) {
      episodes {
        ...EpisodeCard
      }
    }
    allCatalogueSeries(
      filter: { subcategoryId: { eq: $subcategoryId }, _id: { ne: $seriesId } }
      sort: { position: ASC }
      limit: 3
    ) {
      nodes {
        ...SeriesCard
      }
    }
  }
`
