import { css } from "styled-components"
import type { Settings } from "react-slick"
import { theme } from "../../styles/theme"

/** The attribute a carousel carries until react-slick has measured it in the browser. */
export const PENDING_ATTRIBUTE = "data-carousel-pending"

/** A dot's touch target, and so the height of the row of dots. */
export const DOT_TARGET = "2.75rem"

/**
 * The geometry react-slick will give a sliding (not fading), non-looping
 * carousel of `slideCount` slides once it has measured the window, as CSS
 * for the built HTML and the first render in the browser: slide 0 at the
 * left, each slide 1/S of the list wide, S taken from `responsive` by media
 * query as react-slick picks it (the smallest matching breakpoint), and room
 * for the row of dots where react-slick will draw one (dots on, and more than
 * S slides). react-slick's server render guesses the desktop layout instead,
 * so without this a phone saw the carousel jump when the page hydrated.
 */
export function serverGeometry(settings: Settings, slideCount: number) {
  const layoutFor = (slidesToShow: number) => css`
    &[${PENDING_ATTRIBUTE}] .slick-slide {
      width: calc(100% / ${slidesToShow}) !important;
    }
    &[${PENDING_ATTRIBUTE}] .slick-slider {
      padding-bottom: ${settings.dots && slideCount > slidesToShow ? css`calc(${DOT_TARGET} + ${theme.space.md})` : "0"};
    }
  `
  const breakpoints = [...(settings.responsive ?? [])]
    .flatMap((entry) => (typeof entry.settings === "object" ? [{ breakpoint: entry.breakpoint, slidesToShow: entry.settings.slidesToShow ?? 1 }] : []))
    .sort((a, b) => b.breakpoint - a.breakpoint)
  return css`
    &[${PENDING_ATTRIBUTE}] .slick-track {
      display: flex;
      width: 100% !important;
      left: 0 !important;
      transform: none !important;
    }
    &[${PENDING_ATTRIBUTE}] .slick-slide {
      flex: none;
    }
    /* Its dots count for the guessed layout; the room for the real ones is kept below. */
    &[${PENDING_ATTRIBUTE}] .slick-dots {
      display: none !important;
    }
    ${layoutFor(settings.slidesToShow ?? 1)}
    ${breakpoints.map(
      ({ breakpoint, slidesToShow }) => css`
        @media (max-width: ${breakpoint}px) {
          ${layoutFor(slidesToShow)}
        }
      `,
    )}
  `
}
