import React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { asksToAutoplay } from "../playback/autoplay-state"
import { EpisodeScreen } from "../components/screens/episode-screen"
import { breadcrumbTrail, Seo } from "../components/layout/seo"
import type { EpisodePageContext } from "../page-context"
import { recommendedSeries } from "../recommended-series"

export default function EpisodeTemplate({ data, location }: PageProps<Queries.EpisodeTemplateQuery, EpisodePageContext>) {
  if (!data.catalogueEpisode) return null
  return (
    <EpisodeScreen
      episode={data.catalogueEpisode}
      series={data.catalogueSeries}
      autoStart={asksToAutoplay(location.state)}
      search={location.search}
      seriesEpisodes={data.catalogueSeries?.episodes ?? []}
      breadcrumbs={breadcrumbTrail(data)}
      recommended={recommendedSeries(data.catalogueSubcategory?.series ?? [], data.catalogueSeries?._id)}
    />
  )
}

export function Head({ data }: HeadProps<Queries.EpisodeTemplateQuery>) {
  return <Seo data={data} />
}

// Lookups by node id and links only: the page then depends on just these
// nodes. The series' `episodes` link is already in ascending episode order.
export const query = graphql`
  query EpisodeTemplate($id: String!, $seriesId: String!, $subcategoryId: String!, $path: String!) {
    ...SeoHead
    catalogueEpisode(id: { eq: $id }) {
      ...EpisodeScreen
    }
    catalogueSeries(id: { eq: $seriesId }) {
      _id
      title
      episodes {
        ...EpisodeCard
      }
    }
    catalogueSubcategory(id: { eq: $subcategoryId }) {
      series {
        ...SeriesCard
      }
    }
  }
`
