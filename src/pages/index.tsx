import React from "react"
import styled from "styled-components"
import { graphql, type HeadFC, type PageProps } from "gatsby"
import { CategoryList } from "../components/category-list"

const Main = styled.main`
  max-width: 72rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
`

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xl};
`

export default function HomePage({ data }: PageProps<Queries.HomePageQuery>) {
  return (
    <Main>
      <Title>Stay Fit, Stay Entertained</Title>
      <CategoryList categories={data.allCatalogueCategory.nodes} />
    </Main>
  )
}

export const Head: HeadFC<Queries.HomePageQuery> = ({ data }) => (
  <>
    <title>{data.site?.siteMetadata?.title}</title>
    <meta name="description" content={data.site?.siteMetadata?.description ?? ""} />
  </>
)

export const query = graphql`
  query HomePage {
    site {
      siteMetadata {
        title
        description
      }
    }
    allCatalogueCategory {
      nodes {
        ...CategoryListItem
      }
    }
  }
`
