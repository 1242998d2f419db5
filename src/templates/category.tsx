import React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { CategoryScreen } from "../components/category-screen"
import { Seo } from "../components/seo"
import type { CategoryPageContext } from "../page-creation/create-pages"

type Props = PageProps<Queries.CategoryTemplateQuery, CategoryPageContext>

export default function CategoryTemplate({ data, pageContext }: Props) {
  if (!data.catalogueCategory) return null
  return (
    <CategoryScreen
      category={data.catalogueCategory}
      subcategories={data.allCatalogueSubcategory.nodes}
      currentPage={pageContext.currentPage}
      numPages={pageContext.numPages}
    />
  )
}

export function Head({ data, pageContext }: HeadProps<Queries.CategoryTemplateQuery, CategoryPageContext>) {
  const category = data.catalogueCategory
  const page = pageContext.currentPage > 1 ? ` (page ${pageContext.currentPage})` : ""
  return <Seo title={category?.title && `${category.title}${page}`} description={category?.pageSubTitle} />
}

export const query = graphql`
  query CategoryTemplate($id: String!, $limit: Int!, $skip: Int!) {
    catalogueCategory(_id: { eq: $id }) {
      ...CategoryScreen
    }
    allCatalogueSubcategory(
      filter: { categoryId: { eq: $id } }
      sort: { position: ASC }
      limit: $limit
      skip: $skip
    ) {
      nodes {
        ...SubcategoryCard
      }
    }
  }
`
