import React from "react"
import { graphql } from "gatsby"
import { CardGrid } from "./card-grid"
import { Hero } from "./hero"
import { HtmlContent } from "./html-content"
import { PageShell } from "./page-shell"
import { routes } from "../page-creation/routes"

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

export function SubcategoryScreen({ subcategory }: { subcategory: Queries.SubcategoryScreenFragment }) {
  return (
    <PageShell>
      <Hero title={subcategory.title} subtitle={subcategory.shortDesc} image={subcategory.images[0]} />
      <section aria-label="About">
        <h2>{subcategory.title}</h2>
        <HtmlContent html={subcategory.description} />
        {subcategory.shortDesc && <p>{subcategory.shortDesc}</p>}
      </section>
      {subcategory.series.length > 0 && (
        <section aria-labelledby="series-heading">
          <h2 id="series-heading">Series</h2>
          <CardGrid
            items={subcategory.series.map((series) => ({
              key: series._id,
              to: routes.series(series._id),
              title: series.title,
              text: series.tags.join(" · "),
              image: series.images[0],
            }))}
          />
        </section>
      )}
    </PageShell>
  )
}
