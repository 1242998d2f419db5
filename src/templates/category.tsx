import React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { CategoryScreen } from "../components/screens/category-screen"
import { breadcrumbTrail, Seo } from "../components/layout/seo"
import type { CategoryPageContext } from "../page-context"
import { pageItems } from "../components/pagination/pages"

type Props = PageProps<Queries.CategoryTemplateQuery, CategoryPageContext>

// The category's own subcategory list, sliced per page, keeps this query
// dependent on the nodes it shows rather than on every subcategory.
export default function CategoryTemplate({ data, pageContext }: Props) {
  if (!data.catalogueCategory) return null
  return (
    <CategoryScreen
      category={data.catalogueCategory}
      subcategories={pageItems(data.catalogueCategory.subcategories, pageContext)}
      currentPage={pageContext.currentPage}
      numPages={pageContext.numPages}
      breadcrumbs={breadcrumbTrail(data)}
    />
  )
}

export function Head({ data }: HeadProps<Queries.CategoryTemplateQuery>) {
  return <Seo data={data} />
}

export const query = graphql`
  query CategoryTemplate($id: String!, $path: String!) {
    ...SeoHead
    catalogueCategory(id: { eq: $id }) {
      ...CategoryScreen
      subcategories {
        ...SubcategoryCard
      }
    }
  }
`
