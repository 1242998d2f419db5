import { createGlobalStyle } from "styled-components"
import { media, stickyHeader, theme } from "./theme"

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  /* No scroll-behavior: smooth: it animated Gatsby's scroll to the top of each new page too, and a page swapped under
     the animation (the thank-you page after Subscribe) came to rest at the bottom. Jumps are instant, as with reduced motion. */
  html { -webkit-text-size-adjust: 100%; }
  ${media.reducedMotion} {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
  body {
    margin: 0;
    background: ${theme.colors.background};
    color: ${theme.colors.text};
    font-family: ${theme.fonts.body};
    line-height: ${theme.lineHeights.body};
  }
  h1, h2, h3 { font-family: ${theme.fonts.display}; line-height: ${theme.lineHeights.heading}; letter-spacing: -0.01em; }
  h2 { font-size: ${theme.fontSizes.xl}; }
  img { max-width: 100%; }
  a { color: inherit; }
  :focus-visible { outline: 3px solid ${theme.colors.secondary}; outline-offset: 3px; }
  /* What the browser scrolls into view (a control reached by Tab or Shift+Tab, an anchored section) lands below the
     sticky header, not under it (WCAG 2.2 2.4.11). A window too short for a sticky header has none (site-header.tsx). */
  ${stickyHeader} {
    /* Half a rem more than the header: the focus ring (3px, offset 3px) shows whole. */
    html { scroll-padding-top: calc(${theme.layout.headerHeight} + 0.5rem); }
  }
`
