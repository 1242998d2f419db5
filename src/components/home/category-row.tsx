import React from "react"
import styled from "styled-components"
import { graphql } from "gatsby"
import { Container, Eyebrow, Section, SectionTitle, bareList } from "../../styles/layout"
import { routes } from "../../routes"
import { FeaturedCard } from "../cards/featured-card"
import { ViewAllLink } from "./view-all-link"
import { theme } from "../../styles/theme"

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

/** A row's tiles: two to a line on a phone, all four side by side from a tablet up. */
export const CATEGORY_ROW_LIMIT = 4

// Columns at least 10rem wide, so never wider than a featured card's picture is drawn (tile-sizes.ts).
const Tiles = styled.ul`
  ${bareList}
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  gap: ${theme.space.md};
`

/**
 * A category the home page's featured sections do not show (Dance, Wellness):
 * its first subcategories as the same featured cards the fitness section
 * uses (no code the home page does not already load) and the way to the
 * rest, so every category is browsable from home, not only counted in the
 * statistics row.
 */
export function CategoryRow({ category, tileSizes }: { category: Queries.HomeCategoryRowFragment; tileSizes: string }) {
  const headingId = `home-category-${category._id}`
  const subcategories = category.subcategories.slice(0, CATEGORY_ROW_LIMIT)
  if (subcategories.length === 0) return null
  return (
    <Section aria-labelledby={headingId}>
      <Container>
        <Eyebrow>{category.pageTitle ?? "Explore"}</Eyebrow>
        <SectionTitle id={headingId}>{category.title}</SectionTitle>
        {category.shortDesc && <p>{category.shortDesc}</p>}
        <Tiles>
          {subcategories.map((sub) => (
            <li key={sub._id}>
              <FeaturedCard to={routes.subcategory(sub._id)} title={sub.title} image={sub.images[0]} sizes={tileSizes} />
            </li>
          ))}
        </Tiles>
        <ViewAllLink to={routes.category(category._id)}>View all {category.title}</ViewAllLink>
      </Container>
    </Section>
  )
}
