import React from "react"
import styled from "styled-components"
import { graphql } from "gatsby"
import { Container, Eyebrow, Section, SectionTitle } from "../../styles/layout"
import { CategoryRow } from "../home/category-row"
import { ContinueWatchingSlot } from "../home/continue-watching-slot"
import { EntertainmentSection } from "../home/entertainment-section"
import { FirstScreenEnd } from "../layout/first-screen-end"
import { FitnessSection } from "../home/fitness-section"
import { HomeHero } from "../home/home-hero"
import { PageShell } from "../layout/page-shell"
import { SearchForm } from "../forms/search-form"
import { StatisticsRow } from "../home/statistics-row"
import type { HomeTileSizes } from "../../styles/tile-sizes"
import { theme } from "../../styles/theme"

/** The home sections show at most this many subcategories. */
const HOME_SECTION_LIMIT = 5

export const query = graphql`
  fragment HomeFeature on CatalogueFeaturedItem {
    _id
    title
    description
    role
    category {
      _id
      subcategories {
        ...SubcategoryCard
      }
    }
    images {
      ...CardImage
    }
  }
`

const Lead = styled.p`
  max-width: 40rem;
  color: ${theme.colors.mutedText};
  font-size: ${theme.fontSizes.lg};
`

export interface HomeScreenProps {
  statistics: readonly Queries.CategoryStatisticFragment[]
  features: readonly Queries.HomeFeatureFragment[]
  /** The category titled 'fitness', for when the fitness feature names none. */
  fitnessCategory: Queries.HomePageQuery["fitnessCategory"]
  /** Every category, in the catalogue's order: those the featured sections do not show get a row of their own. */
  categories: readonly Queries.HomeCategoryRowFragment[]
  /** The tiles' `sizes`, worked out at build time (styles/tile-sizes.ts). */
  tileSizes: HomeTileSizes
}

export function HomeScreen({ statistics, features, fitnessCategory, categories, tileSizes }: HomeScreenProps) {
  const fitness = features.find((feature) => feature.role === "fitness")
  const entertainment = features.find((feature) => feature.role === "entertainment")
  const fitnessSource = fitness?.category ?? fitnessCategory
  const featured = new Set([fitness?._id && fitnessSource?._id, entertainment?._id && entertainment.category?._id].filter(Boolean))
  return (
    <PageShell>
      <HomeHero />
      <FirstScreenEnd />
      <ContinueWatchingSlot />
      <Section id="heroDescription" aria-labelledby="home-intro">
        <Container>
          <Eyebrow>Fitness · Dance · Entertainment</Eyebrow>
          <SectionTitle id="home-intro">Find your next session</SectionTitle>
          <Lead>Workouts, dance classes and shows from coaches and creators who love what they do. Search the catalogue:</Lead>
          <SearchForm />
          <StatisticsRow statistics={statistics} />
        </Container>
      </Section>
      {fitness?._id && (
        <FitnessSection
          title={fitness.title}
          description={fitness.description}
          images={fitness.images}
          subcategories={(fitnessSource?.subcategories ?? []).slice(0, HOME_SECTION_LIMIT)}
          categoryId={fitnessSource?._id ?? null}
        />
      )}
      {entertainment?._id && (
        <EntertainmentSection
          title={entertainment.title}
          description={entertainment.description}
          subcategories={(entertainment.category?.subcategories ?? []).slice(0, HOME_SECTION_LIMIT)}
          categoryId={entertainment.category?._id ?? null}
          tileSizes={tileSizes.entertainment}
        />
      )}
      {categories
        .filter((category) => !featured.has(category._id))
        .map((category) => (
          <CategoryRow key={category._id} category={category} tileSizes={tileSizes.categoryRow} />
        ))}
    </PageShell>
  )
}
