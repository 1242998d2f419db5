import React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { breadcrumbTrail, Seo } from "../components/layout/seo"
import { SubcategoryScreen } from "../components/screens/subcategory-screen"
import type { IdPageContext } from "../page-context"

export default function SubcategoryTemplate({ data }: PageProps<Queries.SubcategoryTemplateQuery, IdPageContext>) {
  if (!data.catalogueSubcategory) return null
  return <SubcategoryScreen subcategory={data.catalogueSubcategory} breadcrumbs={breadcrumbTrail(data)} />
}

export function Head({ data }: HeadProps<Queries.SubcategoryTemplateQuery>) {
  return <Seo data={data} />
}

export const query = graphql`
  query SubcategoryTemplate($id: String!, $path: String!) {
    ...SeoHead
    catalogueSubcategory(id: { eq: $id }) {
      ...SubcategoryScreen
    }
  }
`
