import React from "react"
import styled from "styled-components"
import { Container, Eyebrow, Section, SectionTitle, bareList } from "../../styles/layout"
import { media, theme } from "../../styles/theme"
import { routes } from "../../routes"
import { Carousel } from "../carousel/carousel"
import { MULTI_ITEM_SETTINGS, PICTURE_SETTINGS } from "../carousel/carousel-settings"
import { CatalogueImage } from "../images/catalogue-image"
import { FeaturedCard } from "../cards/featured-card"
import { HtmlContent } from "../layout/html-content"
import { ViewAllLink } from "./view-all-link"

const Intro = styled.div`
  display: grid;
  gap: ${theme.space.lg};
  > * {
    min-width: 0;
  }
  ${media.lg} {
    grid-template-columns: 1fr 1.3fr;
    align-items: center;
  }
`

const Description = styled(HtmlContent)`
  color: ${theme.colors.mutedText};
  font-size: ${theme.fontSizes.lg};
`

const PictureCarousel = styled(Carousel)`
  .slick-slide > div {
    padding: 0 5px;
  }
  .slick-list {
    margin: 0 -5px;
  }
  ${media.lg} {
    display: none;
  }
`

const PictureRow = styled.ul`
  display: none;
  ${media.lg} {
    display: flex;
    gap: ${theme.space.md};
    ${bareList}
  }
`

const Tile = styled.li`
  position: relative;
  flex: 0 1 10.5rem;
  min-width: 0;
  height: 15rem;
  overflow: hidden;
  border-radius: ${theme.radii.card};
`

const Picture = styled(CatalogueImage)`
  border-radius: ${theme.radii.card};
`

const SubHeading = styled.h3`
  margin: ${theme.space.xl} 0 ${theme.space.md};
  font-size: ${theme.fontSizes.xl};
`

const CardCarousel = styled(Carousel)`
  .slick-slide > div {
    padding: 0 ${theme.space.sm};
    height: 100%;
  }
  .slick-list {
    margin: 0 -${theme.space.sm};
  }
  .slick-track {
    display: flex;
  }
  .slick-slide {
    height: auto;
  }
`

export interface FitnessSectionProps {
  title: string | null
  description: string | null
  images: readonly Queries.CardImageFragment[]
  /** Up to five of the fitness category's subcategories. */
  subcategories: readonly Queries.SubcategoryCardFragment[]
  categoryId: string | null
}

export function FitnessSection({ title, description, images, subcategories, categoryId }: FitnessSectionProps) {
  const pictures = images.filter((image) => image?.gatsbyImage)
  const alt = (index: number) => `${title ?? "Fitness"}, picture ${index + 1}`
  return (
    <Section aria-labelledby="fitness-title">
      <Container>
        <Intro>
          <div>
            <Eyebrow>Get Moving. Get Fit</Eyebrow>
            <SectionTitle id="fitness-title">{title}</SectionTitle>
            <Description html={description} />
          </div>
          {pictures.length > 0 && (
            <div>
              <PictureCarousel label={`${title ?? "Fitness"} pictures`} settings={PICTURE_SETTINGS}>
                {pictures.map((image, index) => (
                  <Picture key={index} image={image} alt={alt(index)} />
                ))}
              </PictureCarousel>
              <PictureRow>
                {pictures.map((image, index) => (
                  <Tile key={index}>
                    <CatalogueImage image={image} alt={alt(index)} fill />
                  </Tile>
                ))}
              </PictureRow>
            </div>
          )}
        </Intro>
        <SubHeading>Get Strong</SubHeading>
        {subcategories.length > 0 && (
          <CardCarousel label="Fitness programs" settings={MULTI_ITEM_SETTINGS}>
            {subcategories.map((sub) => (
              <FeaturedCard key={sub._id} to={routes.subcategory(sub._id)} title={sub.title} text={sub.shortDesc} image={sub.images[0]} />
            ))}
          </CardCarousel>
        )}
        <ViewAllLink to={categoryId && routes.category(categoryId)}>View all fitness programs</ViewAllLink>
      </Container>
    </Section>
  )
}
