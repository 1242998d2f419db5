import React from "react"
import { graphql } from "gatsby"
import { Container, Section, VisuallyHidden } from "../../styles/layout"
import { pagePath } from "../pagination/pages"
import { routes } from "../../routes"
import { SITE_NAME } from "../images/brand-logo"
import { CardGrid } from "../cards/card-grid"
import { Breadcrumbs } from "../layout/breadcrumbs"
import { Hero } from "../layout/hero"
import { IntroBlock } from "../layout/intro-block"
import { PageShell } from "../layout/page-shell"
import { Pagination } from "../pagination/pagination"
import type { Crumb } from "../../seo/page-head"

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
  /** Home down to this category (its PageHead's). */
  breadcrumbs: readonly Crumb[]
}

export function CategoryScreen({ category, subcategories, currentPage, numPages, breadcrumbs }: CategoryScreenProps) {
  const basePath = routes.category(category._id)
  return (
    <PageShell>
      <Hero title={category.pageTitle ?? category.title} titleContext={category.title} subtitle={category.pageSubTitle} image={category.images[0]} />
      <Breadcrumbs trail={breadcrumbs} />
      <IntroBlock id="category-intro" title={`${category.title ?? ""} Programs by ${SITE_NAME}`} html={category.description} subtitle={category.pageSubTitle} />
      <Section aria-labelledby="subcategories-heading">
        <Container>
          <h2 id="subcategories-heading">
            <VisuallyHidden>{category.title} </VisuallyHidden>Subcategories
          </h2>
          <CardGrid
            items={subcategories.map((sub) => ({
              key: sub._id,
              to: routes.subcategory(sub._id),
              title: sub.title,
              text: sub.shortDesc,
              image: sub.images[0],
            }))}
          />
          <Pagination label="Subcategory pages" currentPage={currentPage} numPages={numPages} pathFor={(page) => pagePath(basePath, page)} />
        </Container>
      </Section>
    </PageShell>
  )
}
