import React from "react"
import { render } from "@testing-library/react"
import { ThemeProvider } from "styled-components"
import { theme } from "../../src/styles/theme"

/** Renders a component inside the site's theme, as wrapRootElement does. */
export function renderWithTheme(ui: React.ReactElement) {
  return render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>)
}
