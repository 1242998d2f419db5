import React from "react"
import { graphql } from "gatsby"
import { CardGrid } from "./card-grid"
import { Hero } from "./hero"
import { HtmlContent } from "./html-content"
import { PageShell } from "./page-shell"
import { Pagination } from "./pagination"
import { routes } from "../page-creation/routes"

export const query = graphql`
  fragment CategoryScreen on CatalogueCategory {
    _id
    title
    pageTitle
    pageSubTitle
    description
    images {
      ...HeroImage
    }
  }
  fragment SubcategoryCard on CatalogueSubcategory {
    _id
    title
    shortDesc
    images {
      ...CardImage
    }
  }
`

export interface CategoryScreenProps {
  category: Queries.CategoryScreenFragment
  subcategories: readonly Queries.SubcategoryCardFragment[]
  currentPage: number
  numPages: number
}

export function CategoryScreen({ category, subcategories, currentPage, numPages }: CategoryScreenProps) {
  return (
    <PageShell>
      <Hero title={category.pageTitle ?? category.title} subtitle={category.pageSubTitle} image={category.images[0]} />
      <section aria-labelledby="category-intro">
        <h2 id="category-intro">{category.title} Programs</h2>
        <HtmlContent html={category.description} />
        {category.pageSubTitle && <p>{category.pageSubTitle}</p>}
      </section>
      <section aria-label="Subcategories">
        <CardGrid
          items={subcategories.map((sub) => ({
            key: sub._id,
            to: routes.subcategory(sub._id),
            title: sub.title,
            text: sub.shortDesc,
            image: sub.images[0],
          }))}
        />
        <Pagination basePath={routes.category(category._id)} currentPage={currentPage} numPages={numPages} />
      </section>
    </PageShell>
  )
}
