import React from "react"
import styled from "styled-components"
import { Link } from "gatsby"
import { theme } from "../../styles/theme"

export const SITE_NAME = "MoveFlix"

const LogoLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.sm};
  font-family: ${theme.fonts.display};
  font-size: 1.2rem;
  @media (min-width: 400px) {
    font-size: 1.4rem;
  }
  font-weight: 800;
  letter-spacing: -0.02em;
  text-decoration: none;
`

const Mark = styled.svg`
  rect {
    fill: ${theme.colors.accent};
  }
  path {
    fill: ${theme.colors.accentText};
  }
`

const Accent = styled.span`
  color: ${theme.colors.accent};
`

/** The brand mark and name, linking home. */
export function BrandLogo({ className }: { className?: string }) {
  return (
    <LogoLink to="/" className={className} aria-label={`${SITE_NAME} home`}>
      <Mark width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <rect width="28" height="28" rx="8" />
        <path d="M10 8l10 6-10 6z" />
      </Mark>
      <span aria-hidden="true">
        Move<Accent>Flix</Accent>
      </span>
    </LogoLink>
  )
}
