/** Design tokens: the one place colours, type, spacing and breakpoints are named. */
export const theme = {
  colors: {
    background: "#0f0f14",
    surface: "#1b1b24",
    text: "#f5f5f7",
    mutedText: "#b8b8c6",
    accent: "#ff4f5e",
    accentText: "#0f0f14",
  },
  fonts: {
    body: `system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`,
  },
  fontSizes: { sm: "0.875rem", md: "1rem", lg: "1.25rem", xl: "2rem", xxl: "3rem" },
  space: { xs: "0.25rem", sm: "0.5rem", md: "1rem", lg: "2rem", xl: "4rem" },
  breakpoints: { md: "768px", lg: "1024px" },
  radii: { card: "12px" },
} as const

export type Theme = typeof theme

/** Media queries from the breakpoints, for use in styled templates. */
export const media = {
  md: `@media (min-width: ${theme.breakpoints.md})`,
  lg: `@media (min-width: ${theme.breakpoints.lg})`,
} as const
