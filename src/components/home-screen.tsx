import React from "react"
import { Link, graphql } from "gatsby"
import { CardGrid } from "./card-grid"
import { CatalogueImage } from "./catalogue-image"
import { HtmlContent } from "./html-content"
import { PageShell } from "./page-shell"
import { routes } from "../page-creation/routes"

/** The home sections show at most this many subcategories. */
export const HOME_SECTION_LIMIT = 5

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

export interface HomeScreenProps {
  categories: readonly { readonly _id: string; readonly title: string | null; readonly shortDesc: string | null }[]
  statistics: readonly { readonly _id: string; readonly title: string | null; readonly totalVideos: number }[]
  features: readonly Queries.HomeFeatureFragment[]
  fitnessCategory: { readonly _id: string; readonly subcategories: readonly Queries.SubcategoryCardFragment[] } | null
}

const subcategoryCards = (subs: readonly Queries.SubcategoryCardFragment[]) =>
  subs.slice(0, HOME_SECTION_LIMIT).map((sub) => ({
    key: sub._id,
    to: routes.subcategory(sub._id),
    title: sub.title,
    text: sub.shortDesc,
    image: sub.images[0],
  }))

export function HomeScreen({ categories, statistics, features, fitnessCategory }: HomeScreenProps) {
  const fitness = features.find((f) => f.role === "fitness")
  const entertainment = features.find((f) => f.role === "entertainment")
  return (
    <PageShell>
      <h1>Stay Fit, Stay Entertained</h1>
      <section aria-label="Categories">
        <ul>
          {categories.map((category) => (
            <li key={category._id}>
              <h2>
                <Link to={routes.category(category._id)}>{category.title}</Link>
              </h2>
              {category.shortDesc && <p>{category.shortDesc}</p>}
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Videos per category">
        <ul>
          {statistics.map((statistic) => (
            <li key={statistic._id}>
              <strong>{statistic.totalVideos}+</strong> {statistic.title} Videos
            </li>
          ))}
        </ul>
      </section>
      {fitness && (
        <section aria-labelledby="fitness-section">
          <p>Get Moving. Get Fit</p>
          <h2 id="fitness-section">{fitness.title}</h2>
          <HtmlContent html={fitness.description} />
          {fitness.images.map((image, index) => (
            <CatalogueImage key={index} image={image} alt={`${fitness.title ?? ""} ${index + 1}`} />
          ))}
          <p>Get Strong</p>
          <CardGrid items={subcategoryCards(fitnessCategory?.subcategories ?? [])} />
          {fitnessCategory ? (
            <Link to={routes.category(fitnessCategory._id)}>View all fitness programs</Link>
          ) : (
            <span>View all fitness programs</span>
          )}
        </section>
      )}
      {entertainment && (
        <section aria-labelledby="entertainment-section">
          <p>Step Up, Shine</p>
          <h2 id="entertainment-section">{entertainment.title}</h2>
          <p>Entertain, and Compete</p>
          <HtmlContent html={entertainment.description} />
          <CardGrid items={subcategoryCards(entertainment.category?.subcategories ?? [])} />
          {entertainment.category && (
            <Link to={routes.category(entertainment.category._id)}>View all entertainments</Link>
          )}
        </section>
      )}
    </PageShell>
  )
}
