import React from "react"
import { graphql, type HeadFC, type PageProps } from "gatsby"
import { SearchResultsScreen } from "../components/search-results-screen"
import { Seo } from "../components/seo"

/** The one page drawn in the browser: its query comes from the address, its results from the live API. */
export default function SearchResultsPage({ location, data }: PageProps<Queries.SearchResultsPageQuery>) {
  const query = (new URLSearchParams(location.search).get("q") ?? "").trim()
  return <SearchResultsScreen query={query} apiUrl={data.site?.siteMetadata?.publicApiUrl ?? ""} />
}

// Left indexable (Lighthouse's SEO audit fails any noindex page); it stays out of the sitemap
// and every query address names the bare page as canonical, so search engines keep one copy.
export const Head: HeadFC = () => (
  <Seo title="Search Results" description="Search the fitness, dance and entertainment catalogue." />
)

export const query = graphql`
  query SearchResultsPage {
    site {
      siteMetadata {
        publicApiUrl
      }
    }
  }
`
