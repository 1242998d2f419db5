import React from "react"
import { graphql } from "gatsby"
import { Container, Eyebrow, Section, SectionTitle } from "../styles/layout"
import { routes } from "../routes"
import { CardGrid, subcategoryCard } from "./card-grid"
import { ViewAllLink } from "./view-all-link"

export const query = graphql`
  fragment HomeCategoryRow on CatalogueCategory {
    _id
    title
    shortDesc
    pageTitle
    subcategories {
      ...SubcategoryCard
    }
  }
`

/** A row shows one line of the card grid at its widest (card-grid.tsx: 4 columns from `lg`). */
export const CATEGORY_ROW_LIMIT = 4

/**
 * A category the home page's featured sections do not show (Dance, Wellness):
 * its first subcategories as cards and the way to the rest, so every category
 * is browsable from home, not only counted in the statistics row.
 */
export function CategoryRow({ category }: { category: Queries.HomeCategoryRowFragment }) {
  const headingId = `home-category-${category._id}`
  const subcategories = category.subcategories.slice(0, CATEGORY_ROW_LIMIT)
  if (subcategories.length === 0) return null
  return (
    <Section aria-labelledby={headingId}>
      <Container>
        <Eyebrow>{category.pageTitle ?? "Explore"}</Eyebrow>
        <SectionTitle id={headingId}>{category.title}</SectionTitle>
        {category.shortDesc && <p>{category.shortDesc}</p>}
        <CardGrid
          items={subcategories.map(subcategoryCard)}
        />
        <ViewAllLink to={routes.category(category._id)}>View all {category.title}</ViewAllLink>
      </Container>
    </Section>
  )
}
