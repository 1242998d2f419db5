import styled, { css } from "styled-components"
import { Link } from "gatsby"
import { PAGE_COLUMN } from "./boxes"
import { media, theme } from "./theme"

/** Shared layout pieces: the page column, section rhythm and the two button looks. */

export const Container = styled.div`
  width: 100%;
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  padding: 0 ${theme.space[PAGE_COLUMN.padding.phone]};
  ${media.md} {
    padding: 0 ${theme.space[PAGE_COLUMN.padding.wide]};
  }
`

export const Section = styled.section`
  padding: ${theme.space.lg} 0;
  ${media.md} {
    padding: ${theme.space.xl} 0;
  }
`

export const Eyebrow = styled.p`
  margin: 0 0 ${theme.space.sm};
  color: ${theme.colors.accent};
  font-weight: 700;
  letter-spacing: 0.12em;
  text-transform: uppercase;
  font-size: ${theme.fontSizes.sm};
`

export const SectionTitle = styled.h2`
  margin: 0 0 ${theme.space.md};
`

type ButtonVariant = "primary" | "ghost"

const buttonLook = css<{ $variant?: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.sm};
  min-height: 2.75rem;
  padding: 0.6rem 1.4rem;
  /* A pill with its label broken over two lines spills out of its border. */
  white-space: nowrap;
  border-radius: ${theme.radii.pill};
  border: 2px solid ${theme.colors.accent};
  font: inherit;
  font-weight: 700;
  text-decoration: none;
  /* Dark text on the accent: the shadow a hero gives its white text would blur it. */
  text-shadow: none;
  cursor: pointer;
  transition: background-color 0.2s, color 0.2s, transform 0.2s;
  background: ${({ $variant }) => ($variant === "ghost" ? "transparent" : theme.colors.accent)};
  color: ${({ $variant }) => ($variant === "ghost" ? theme.colors.text : theme.colors.accentText)};
  &:hover {
    background: ${theme.colors.accentHover};
    border-color: ${theme.colors.accentHover};
    color: ${theme.colors.accentText};
  }
  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
`

export const ButtonLink = styled(Link)<{ $variant?: ButtonVariant }>`
  ${buttonLook}
`

export const Button = styled.button<{ $variant?: ButtonVariant }>`
  ${buttonLook}
`

/** A list that is only structure: no bullets, no indent. */
export const bareList = css`
  list-style: none;
  margin: 0;
  padding: 0;
`

/**
 * An outlined pill that fills with the accent when chosen: page numbers and
 * tag chips. `chosen` is the selector of the chosen state, such as
 * `&[aria-pressed="true"]`; each user sets its own size, weight and background.
 */
export const pillToggle = (chosen: string) => css`
  border-radius: ${theme.radii.pill};
  border: 2px solid ${theme.colors.border};
  color: ${theme.colors.text};
  font: inherit;
  cursor: pointer;
  &:hover {
    border-color: ${theme.colors.accent};
  }
  ${chosen} {
    background: ${theme.colors.accent};
    border-color: ${theme.colors.accent};
    color: ${theme.colors.accentText};
  }
  /* Forced colours drop the accent background: the chosen one would look like the others. */
  @media (forced-colors: active) {
    ${chosen} {
      forced-color-adjust: none;
      background: Highlight;
      border-color: Highlight;
      color: HighlightText;
    }
  }
`

/** The rounded text field of the search and subscribe forms; each sets its own size and background. */
export const pillField = css`
  border-radius: ${theme.radii.pill};
  border: 2px solid ${theme.colors.border};
  color: ${theme.colors.text};
  font: inherit;
  &::placeholder {
    color: ${theme.colors.mutedText};
  }
`

/** Cuts text to `lines` lines with an ellipsis, so cards of one row keep one height. */
export const clampLines = (lines: number) => css`
  display: -webkit-box;
  -webkit-line-clamp: ${lines};
  -webkit-box-orient: vertical;
  overflow: hidden;
`

/**
 * Hidden on screen, still read by screen readers: the site's one form of
 * visually hidden text. Any element through `as` (`<VisuallyHidden as="label">`);
 * out of flow, so it takes no gap in a flex row.
 */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`
