import React, { type ReactNode } from "react"
import styled from "styled-components"
import { GatsbyImage, type IGatsbyImageData } from "gatsby-plugin-image"
import { Container } from "../styles/layout"
import { media } from "../styles/theme"

const HeroSection = styled.section<{ $fullScreen: boolean }>`
  position: relative;
  display: flex;
  align-items: flex-end;
  /* Capped, so a very tall window (or a full-page screenshot) cannot stretch it without end. */
  min-height: ${({ $fullScreen }) => ($fullScreen ? "clamp(30rem, calc(100vh - 4.5rem), 75rem)" : "clamp(24rem, 70vh, 52rem)")};
  min-height: ${({ $fullScreen }) => ($fullScreen ? "clamp(30rem, calc(100svh - 4.5rem), 75rem)" : "clamp(24rem, 70svh, 52rem)")};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surface};
`

const Background = styled.div`
  position: absolute;
  inset: 0;
  .gatsby-image-wrapper {
    width: 100%;
    height: 100%;
  }
  &::after {
    content: "";
    position: absolute;
    inset: 0;
    background: ${({ theme }) => theme.colors.scrim};
  }
`

const Content = styled(Container)`
  position: relative;
  padding-top: ${({ theme }) => theme.space.xl};
  padding-bottom: ${({ theme }) => theme.space.xl};
  text-shadow: 0 2px 12px rgba(0, 0, 0, 0.6);
`

const Title = styled.h1`
  max-width: 18ch;
  margin: 0 0 ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 800;
  text-transform: uppercase;
`

const Subtitle = styled.p`
  max-width: 40rem;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  ${media.md} {
    font-size: 1.4rem;
  }
`

export interface HeroProps {
  title: string | null
  subtitle?: string | null
  image?: { readonly gatsbyImage: unknown } | null
  /** Full screen height (thank-you page); every other hero is 70vh. */
  fullScreen?: boolean
  /** A picture of the site's own (StaticImage) instead of a catalogue image. */
  background?: ReactNode
  children?: ReactNode
}

/** The picture and headline at the top of a page; the title is the page's h1. */
export function Hero({ title, subtitle, image, fullScreen = false, background, children }: HeroProps) {
  const picture = image?.gatsbyImage as IGatsbyImageData | null | undefined
  return (
    <HeroSection $fullScreen={fullScreen}>
      <Background>
        {background ?? (picture && <GatsbyImage image={picture} alt={title ?? ""} loading="eager" objectFit="cover" />)}
      </Background>
      <Content>
        <Title>{title}</Title>
        {subtitle && <Subtitle>{subtitle}</Subtitle>}
        {children}
      </Content>
    </HeroSection>
  )
}
