import React, { type ReactNode } from "react"
import styled from "styled-components"
import { HERO_BOX } from "../../styles/boxes"
import { Container, VisuallyHidden } from "../../styles/layout"
import { CatalogueImage } from "../images/catalogue-image"
import { FirstScreenEnd } from "./first-screen-end"
import { media, theme } from "../../styles/theme"

/** Full screen below the sticky header, or 70% of it; `svh` where the browser knows it, so a phone's toolbar cannot hide the bottom. */
const heroHeight = (fullScreen: boolean, unit: "vh" | "svh") =>
  fullScreen ? `clamp(30rem, calc(100${unit} - ${theme.layout.headerHeight}), 75rem)` : `clamp(${HERO_BOX.min}, ${HERO_BOX.windowShare}${unit}, ${HERO_BOX.max})`

const HeroSection = styled.section<{ $fullScreen: boolean }>`
  position: relative;
  display: flex;
  align-items: flex-end;
  /* Capped, so a very tall window (or a full-page screenshot) cannot stretch it without end. */
  min-height: ${({ $fullScreen }) => heroHeight($fullScreen, "vh")};
  min-height: ${({ $fullScreen }) => heroHeight($fullScreen, "svh")};
  overflow: hidden;
  background: ${theme.colors.surface};
`

const Background = styled.div`
  position: absolute;
  inset: 0;
  &::after {
    content: "";
    position: absolute;
    inset: 0;
    background: ${theme.colors.scrim};
  }
`

const Content = styled(Container)`
  position: relative;
  padding-top: ${theme.space.xl};
  padding-bottom: ${theme.space.xl};
  text-shadow: ${theme.shadows.heroText};
`

const Title = styled.h1`
  max-width: 18ch;
  margin: 0 0 ${theme.space.md};
  font-size: ${theme.fontSizes.xxl};
  font-weight: 800;
  text-transform: uppercase;
`

const Subtitle = styled.p`
  max-width: 40rem;
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  ${media.md} {
    font-size: 1.4rem;
  }
`

export interface HeroProps {
  title: string | null
  /**
   * What the page is, read before a title that does not say it (a category's
   * tagline, "Find Your Rhythm"): screen readers, and Gatsby's route announcer,
   * which reads the h1, hear "Dance: Find Your Rhythm". Not drawn.
   */
  titleContext?: string | null
  subtitle?: ReactNode
  image?: Queries.HeroImageFragment | null
  /** Full screen height (thank-you page); every other hero is 70vh. */
  fullScreen?: boolean
  /** A picture of the site's own (`SiteImage`) instead of a catalogue image. */
  background?: ReactNode
  children?: ReactNode
  /** A control laid over the hero's top right corner (a series' Save), out of the text's flow. */
  action?: ReactNode
}

/** The picture and headline at the top of a page; the title is the page's h1. */
export function Hero({ title, titleContext, subtitle, image, fullScreen = false, background, children, action }: HeroProps) {
  return (
    <HeroSection $fullScreen={fullScreen}>
      <Background>{background ?? <CatalogueImage image={image} alt={title ?? ""} fill priority />}</Background>
      <Content>
        <Title>
          {titleContext && titleContext !== title && <VisuallyHidden>{titleContext}: </VisuallyHidden>}
          {title}
        </Title>
        {subtitle && <Subtitle>{subtitle}</Subtitle>}
        {children}
      </Content>
      {action}
      <FirstScreenEnd />
    </HeroSection>
  )
}
