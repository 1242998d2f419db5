import React, { type ReactNode } from "react"
import styled from "styled-components"
import { Link } from "gatsby"
import { theme } from "../../styles/theme"

const Line = styled.p`
  margin: ${theme.space.lg} 0 0;
  font-weight: 700;
  a {
    color: ${theme.colors.accent};
  }
`

/** The 'View all ...' line under a home section: a link to the category, or plain text when there is none. */
export function ViewAllLink({ to, children }: { to: string | null; children: ReactNode }) {
  return <Line>{to ? <Link to={to}>{children}</Link> : children}</Line>
}
