import React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { breadcrumbTrail, Seo } from "../components/layout/seo"
import { SeriesScreen } from "../components/screens/series-screen"
import type { IdPageContext } from "../page-context"

export default function SeriesTemplate({ data }: PageProps<Queries.SeriesTemplateQuery, IdPageContext>) {
  if (!data.catalogueSeries) return null
  return <SeriesScreen series={data.catalogueSeries} breadcrumbs={breadcrumbTrail(data)} />
}

export function Head({ data }: HeadProps<Queries.SeriesTemplateQuery>) {
  return <Seo data={data} />
}

export const query = graphql`
  query SeriesTemplate($id: String!, $path: String!) {
    ...SeoHead
    catalogueSeries(id: { eq: $id }) {
      ...SeriesScreen
    }
  }
`
