import React, { useState } from "react"
import styled, { keyframes } from "styled-components"
import type { Settings } from "react-slick"
import { ButtonLink, Button, VisuallyHidden, bareList } from "../../styles/layout"
import { media, theme } from "../../styles/theme"
import { Carousel } from "../carousel/carousel"
import { SiteImage } from "../images/site-image"
import { usePrefersReducedMotion } from "../../hooks/use-prefers-reduced-motion"
import { CONTINUE_WATCHING_FIRST_SCREEN } from "../../styles/boxes"
import { CONTINUE_WATCHING_ATTRIBUTE } from "../../viewing/storage-key"

const HERO_HEADLINE = "Stay Fit, Stay Entertained"
/** docs/reference/spec.md gives slides 2 and 3; slide 1's line is ours. */
const HERO_SLIDE_TEXTS = [
  "Move, Dance, Unwind: Classes for Every Mood!",
  "Laugh, Relax, Engage: Your Gateway to Fun!",
  "Compete, Conquer, Celebrate: Rise to the Challenge!",
] as const
const HERO_AUTOPLAY_MS = 3000

// Full screen below the sticky header, capped so a very tall window (or a
// full-page screenshot, which grows the viewport) does not stretch it forever.
const heroHeight = (unit: "vh" | "svh", below = "0rem") => `clamp(${below === "0rem" ? "34rem" : "22rem"}, calc(100${unit} - ${theme.layout.headerHeight} - ${below}), 75rem)`

const Slide = styled.div`
  position: relative;
  height: ${heroHeight("vh")};
  height: ${heroHeight("svh")};
  /* A returning visitor's first screen holds Continue watching under a shorter hero (the attribute is set
     before the first paint, continue-watching-slot.tsx), so the section arrives without moving anything. */
  [${CONTINUE_WATCHING_ATTRIBUTE}] & {
    height: ${heroHeight("vh", CONTINUE_WATCHING_FIRST_SCREEN)};
    height: ${heroHeight("svh", CONTINUE_WATCHING_FIRST_SCREEN)};
  }
  &::after {
    content: "";
    position: absolute;
    inset: 0;
    background: ${theme.colors.scrim};
  }
`

const Overlay = styled.div`
  position: absolute;
  inset: 0 0 4rem;
  z-index: 2;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.lg};
  padding: 0 ${theme.space.md};
  pointer-events: none;
  text-align: center;
  text-shadow: ${theme.shadows.homeHeroText};
  a,
  button {
    pointer-events: auto;
  }
`

const Headline = styled.h1`
  max-width: 60rem;
  margin: 0;
  font-size: ${theme.fontSizes.xxl};
  font-weight: 800;
  text-transform: uppercase;
`

const fadeIn = keyframes`
  from { opacity: 0; transform: translateY(0.5rem); }
  to { opacity: 1; transform: none; }
`

const SlideText = styled.p`
  min-height: 3.2em;
  max-width: 44rem;
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  font-weight: 600;
  animation: ${fadeIn} 0.6s ease-out;
  ${media.md} {
    min-height: 0;
    font-size: 1.6rem;
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${theme.space.md};
  text-shadow: none;
`

// react-slick replaces the dots container's class with "slick-dots", so the
// container is styled through that class rather than as a styled component.
const HeroCarousel = styled(Carousel)`
  /* A fading carousel stacks its slides in place. react-slick's server render
     offsets the track by one slide (it counts clones a fading track never
     has); the browser's render puts it at 0, so the server HTML must too, or
     the whole hero jumps when the page hydrates. */
  .slick-track {
    left: 0 !important;
  }
  > .slick-slider > .slick-dots {
    position: absolute;
    z-index: 3;
    bottom: ${theme.space.md};
    left: 0;
    right: 0;
    margin: 0;
    align-items: center;
  }
  .slick-dots ul {
    ${bareList}
    display: flex;
  }
  /* Without JavaScript the slides never change: their dots and Pause would be controls that do nothing. */
  @media (scripting: none) {
    > .slick-slider > .slick-dots {
      /* Over the carousel's own display: flex !important. */
      display: none !important;
    }
  }
`

const PauseButton = styled(Button)`
  min-height: 2.25rem;
  padding: 0.2rem 0.9rem;
  font-size: ${theme.fontSizes.sm};
`

// The first slide is the page's largest paint; the others wait until they are near.
const backgrounds = [<SiteImage key="1" name="home-hero-1" fill priority />, <SiteImage key="2" name="home-hero-2" fill />, <SiteImage key="3" name="home-hero-3" fill />]

/**
 * The home page's full-screen rotating hero: three background slides under
 * one headline, the current slide's line, Get Started and Contact Us. The
 * line lives outside the slides so hidden slides hold no text at all.
 */
export function HomeHero() {
  const reducedMotion = usePrefersReducedMotion()
  const [playing, setPlaying] = useState(true)
  const [current, setCurrent] = useState(0)
  const autoplay = playing && !reducedMotion

  const settings: Settings = {
    fade: true,
    infinite: true,
    speed: 700,
    autoplay,
    autoplaySpeed: HERO_AUTOPLAY_MS,
    pauseOnHover: true,
    pauseOnFocus: false,
    pauseOnDotsHover: false,
    beforeChange: (_from, to) => setCurrent(to),
    arrows: false,
    dots: true,
    appendDots: (dots) => (
      <div>
        <ul>{dots}</ul>
        <PauseButton type="button" $variant="ghost" onClick={() => setPlaying(!playing)}>
          {autoplay ? "Pause" : "Play"}
          <VisuallyHidden> slideshow</VisuallyHidden>
        </PauseButton>
      </div>
    ),
    customPaging: (index) => <button type="button" aria-label={`Show slide ${index + 1} of ${HERO_SLIDE_TEXTS.length}`} />,
  }

  return (
    <HeroCarousel
      label="Highlights"
      settings={settings}
      overlay={
        <Overlay>
          <Headline>{HERO_HEADLINE}</Headline>
          <SlideText key={current} aria-live={autoplay ? "off" : "polite"}>
            {HERO_SLIDE_TEXTS[current]}
          </SlideText>
          <Actions>
            <ButtonLink to="/#heroDescription">Get Started</ButtonLink>
            <ButtonLink to="/#contact-us" $variant="ghost">
              Contact Us
            </ButtonLink>
          </Actions>
        </Overlay>
      }
    >
      {backgrounds.map((background, index) => (
        <Slide key={index} role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${backgrounds.length}`}>
          {background}
        </Slide>
      ))}
    </HeroCarousel>
  )
}
