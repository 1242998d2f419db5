import React from "react"
import { graphql, type HeadFC, type PageProps } from "gatsby"
import { SearchResultsScreen } from "../components/screens/search-results-screen"
import { Seo } from "../components/layout/seo"

/** The one page drawn in the browser: its query comes from the address, its results from the live API. */
export default function SearchResultsPage({ location, data }: PageProps<Queries.SearchResultsPageQuery>) {
  const query = (new URLSearchParams(location.search).get("q") ?? "").trim()
  const metadata = data.site?.siteMetadata
  return <SearchResultsScreen query={query} apiUrl={metadata?.publicApiUrl ?? ""} siteUrl={metadata?.siteUrl ?? ""} />
}

export const Head: HeadFC<Queries.SearchResultsPageQuery> = ({ data }) => <Seo data={data} />

export const query = graphql`
  query SearchResultsPage($path: String!) {
    ...SeoHead
    site {
      siteMetadata {
        publicApiUrl
        siteUrl
      }
    }
  }
`
