import React from "react"
import { graphql, type HeadFC, type PageProps } from "gatsby"
import { HomeScreen } from "../components/home-screen"
import { Seo } from "../components/seo"
import type { SeoPageContext } from "../seo/page-head"

export default function HomePage({ data }: PageProps<Queries.HomePageQuery>) {
  return (
    <HomeScreen
      statistics={data.allCatalogueCategoryStatistic.nodes}
      features={data.allCatalogueFeaturedItem.nodes}
      fitnessCategory={data.fitnessCategory}
    />
  )
}

export const Head: HeadFC<Queries.HomePageQuery, SeoPageContext> = ({ pageContext }) => <Seo head={pageContext.seo} />

export const query = graphql`
  query HomePage {
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
    fitnessCategory: catalogueCategory(title: { regex: "/^fitness$/i" }) {
      _id
      subcategories {
        ...SubcategoryCard
      }
    }
  }
`
