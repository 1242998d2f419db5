/** Design tokens: the one place colours, type, spacing and breakpoints are named. */
export const theme = {
  colors: {
    background: "#0f0f14",
    surface: "#1b1b24",
    surfaceRaised: "#262633",
    text: "#f5f5f7",
    mutedText: "#c3c3cf",
    accent: "#ff5a66",
    accentHover: "#ff7a84",
    /** Text on the accent colour: dark, for 7:1 contrast. */
    accentText: "#14060a",
    secondary: "#3ee0c4",
    border: "#34344a",
    /** Laid over pictures so white text on any photo stays above 4.5:1. */
    scrim: "linear-gradient(180deg, rgba(8, 8, 12, 0.55) 0%, rgba(8, 8, 12, 0.7) 55%, rgba(15, 15, 20, 0.95) 100%)",
    /** The page background, see-through: the sticky header and buttons laid over pictures. */
    backgroundTranslucent: "rgba(15, 15, 20, 0.92)",
    backgroundTranslucentSoft: "rgba(15, 15, 20, 0.85)",
    /** Under the title and text of a featured card: clear at the top, dark where the text sits. */
    cardScrim: "linear-gradient(180deg, rgba(8, 8, 12, 0.1) 20%, rgba(8, 8, 12, 0.92) 85%)",
    /** Behind a video before its player paints. */
    player: "#000",
    /** Over the episode's picture under the play button: dims it so the button stands out. */
    posterScrim: "rgba(8, 8, 12, 0.35)",
    spinnerTrack: "rgba(255, 255, 255, 0.25)",
    skeleton: "#23232f",
    skeletonShine: "#32323f",
  },
  fonts: {
    body: `system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`,
    display: `"Avenir Next", "Segoe UI", system-ui, -apple-system, Roboto, Arial, sans-serif`,
  },
  fontSizes: {
    sm: "0.875rem",
    md: "1rem",
    lg: "1.25rem",
    xl: "clamp(1.5rem, 1.2rem + 1.2vw, 2.25rem)",
    xxl: "clamp(2.25rem, 1.5rem + 3.5vw, 4.5rem)",
  },
  lineHeights: { body: 1.6, heading: 1.15 },
  space: { xs: "0.25rem", sm: "0.5rem", md: "1rem", lg: "2rem", xl: "4rem" },
  breakpoints: { md: "768px", lg: "1024px" },
  radii: { card: "14px", pill: "999px" },
  layout: { maxWidth: "76rem", headerHeight: "4.5rem" },
  shadows: {
    card: "0 10px 30px rgba(0, 0, 0, 0.35)",
    /** Lifts white headline text off any picture. */
    heroText: "0 2px 12px rgba(0, 0, 0, 0.6)",
    homeHeroText: "0 2px 16px rgba(0, 0, 0, 0.7)",
  },
} as const

export type Theme = typeof theme

/** Media queries from the breakpoints, for use in styled templates. */
export const media = {
  md: `@media (min-width: ${theme.breakpoints.md})`,
  lg: `@media (min-width: ${theme.breakpoints.lg})`,
  reducedMotion: `@media (prefers-reduced-motion: reduce)`,
} as const

/**
 * Windows tall enough for the header to stay on screen as the page scrolls.
 * Below 500 px (a phone on its side, or 400 % zoom: 1280 × 1024 is 320 × 256)
 * a header of 72–115 px would hide a third of the page and the focus under it.
 */
export const stickyHeader = "@media (min-height: 500px)"
