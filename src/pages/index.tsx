import React from "react"
import { graphql, type HeadFC, type PageProps } from "gatsby"
import { HomeScreen } from "../components/screens/home-screen"
import { Seo } from "../components/layout/seo"
import type { HomeTileSizes } from "../styles/tile-sizes"

export default function HomePage({ data, pageContext }: PageProps<Queries.HomePageQuery, { tileSizes: HomeTileSizes }>) {
  return (
    <HomeScreen
      statistics={data.allCatalogueCategoryStatistic.nodes}
      features={data.allCatalogueFeaturedItem.nodes}
      fitnessCategory={data.fitnessCategory}
      categories={data.allCatalogueCategory.nodes}
      tileSizes={pageContext.tileSizes}
    />
  )
}

export const Head: HeadFC<Queries.HomePageQuery> = ({ data }) => <Seo data={data} />

export const query = graphql`
  query HomePage($path: String!) {
    ...SeoHead
    allCatalogueCategoryStatistic(sort: { position: ASC }) {
      nodes {
        ...CategoryStatistic
      }
    }
    allCatalogueFeaturedItem(sort: { position: ASC }) {
      nodes {
        ...HomeFeature
      }
    }
    allCatalogueCategory(sort: { position: ASC }) {
      nodes {
        ...HomeCategoryRow
      }
    }
    fitnessCategory: catalogueCategory(title: { regex: "/^fitness$/i" }) {
      _id
      subcategories {
        ...SubcategoryCard
      }
    }
  }
`
