import React, { useState } from "react"
import styled from "styled-components"
import { graphql } from "gatsby"
import { Container, Section, SectionTitle } from "../../styles/layout"
import { routes } from "../../routes"
import { CardGrid } from "../cards/card-grid"
import { Hero } from "../layout/hero"
import { IntroBlock } from "../layout/intro-block"
import { PageShell } from "../layout/page-shell"
import { ALL_TAGS, TagFilter, distinctTags } from "../forms/tag-filter"
import { SaveSeriesButton, saveableSeries } from "../my-list/save-series-button"
import { Breadcrumbs } from "../layout/breadcrumbs"
import type { Crumb } from "../../seo/page-head"

export const query = graphql`
  fragment SubcategoryScreen on CatalogueSubcategory {
    _id
    title
    shortDesc
    description
    images {
      ...HeroImage
    }
    series {
      ...SeriesCard
    }
  }
  fragment SeriesCard on CatalogueSeries {
    _id
    title
    tags
    images {
      ...CardImage
    }
  }
`

/** docs/reference/spec.md: a subcategory without series shows only empty space. */
const EmptySpace = styled.div`
  min-height: 12rem;
`

export function SubcategoryScreen({ subcategory, breadcrumbs }: { subcategory: Queries.SubcategoryScreenFragment; breadcrumbs: readonly Crumb[] }) {
  const [tag, setTag] = useState(ALL_TAGS)
  const series = subcategory.series
  const shown = tag === ALL_TAGS ? series : series.filter((item) => item.tags.includes(tag))
  return (
    <PageShell>
      <Hero title={subcategory.title} subtitle={subcategory.shortDesc} image={subcategory.images[0]} />
      <Breadcrumbs trail={breadcrumbs} />
      <IntroBlock id="subcategory-intro" title={subcategory.title} html={subcategory.description} subtitle={subcategory.shortDesc} />
      {series.length > 0 ? (
        <Section aria-labelledby="series-heading">
          <Container>
            <SectionTitle id="series-heading">Series</SectionTitle>
            <TagFilter label="Filter series by tag" tags={distinctTags(series.map((item) => item.tags))} selected={tag} onSelect={setTag} />
            <CardGrid
              items={shown.map((item) => ({
                key: item._id,
                to: routes.series(item._id),
                title: item.title,
                text: item.tags.join(" · "),
                image: item.images[0],
                action: <SaveSeriesButton series={saveableSeries(item)} look="card" />,
              }))}
            />
          </Container>
        </Section>
      ) : (
        <EmptySpace />
      )}
    </PageShell>
  )
}
