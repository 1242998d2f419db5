import { createGlobalStyle } from "styled-components"
import { media } from "./theme"

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; scroll-behavior: smooth; }
  ${media.reducedMotion} {
    html { scroll-behavior: auto; }
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
  body {
    margin: 0;
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.fonts.body};
    line-height: ${({ theme }) => theme.lineHeights.body};
  }
  h1, h2, h3 { font-family: ${({ theme }) => theme.fonts.display}; line-height: ${({ theme }) => theme.lineHeights.heading}; letter-spacing: -0.01em; }
  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
  img { max-width: 100%; }
  a { color: inherit; }
  :focus-visible { outline: 3px solid ${({ theme }) => theme.colors.secondary}; outline-offset: 3px; }
  /* Anchored sections land below the sticky header. */
  [id] { scroll-margin-top: ${({ theme }) => theme.layout.headerHeight}; }
`
