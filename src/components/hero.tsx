import React from "react"
import styled from "styled-components"
import { CatalogueImage } from "./catalogue-image"

const HeroSection = styled.section`
  position: relative;
  margin-bottom: ${({ theme }) => theme.space.lg};
`

const HeroText = styled.div`
  padding: ${({ theme }) => theme.space.md} 0;
`

export interface HeroProps {
  title: string | null
  subtitle?: string | null
  image?: { readonly gatsbyImage: unknown } | null
  /** Hero titles are the page's h1. */
  headingLevel?: "h1" | "h2"
}

/** The picture and headline at the top of a page. */
export function Hero({ title, subtitle, image, headingLevel = "h1" }: HeroProps) {
  const Heading = headingLevel
  return (
    <HeroSection>
      <CatalogueImage image={image} alt={title ?? ""} />
      <HeroText>
        <Heading>{title}</Heading>
        {subtitle && <p>{subtitle}</p>}
      </HeroText>
    </HeroSection>
  )
}
