import React from "react"
import styled from "styled-components"
import { Link } from "gatsby"
import type { Crumb } from "../../seo/page-head"
import { bareList, Container } from "../../styles/layout"
import { theme } from "../../styles/theme"

const Nav = styled.nav`
  padding-top: ${theme.space.md};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.mutedText};
`

const Trail = styled.ol`
  ${bareList}
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  li + li::before {
    /* A separator for the eye only: the list and aria-current say the rest. */
    content: "›" / "";
    padding: 0 ${theme.space.sm};
  }
  a {
    display: inline-block;
    /* Tall enough to tap (WCAG 2.2 2.5.8 asks 24 px). */
    padding: ${theme.space.xs} 0;
    text-underline-offset: 0.2em;
  }
  [aria-current="page"] {
    color: ${theme.colors.text};
  }
`

/**
 * The way up from a catalogue page: Home, its category, subcategory and
 * series, and the page itself (marked current), the trail the page's
 * BreadcrumbList names for search engines (its PageHead's `breadcrumbs`).
 * Plain links: they work before and without JavaScript.
 */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  if (trail.length < 2) return null
  return (
    <Container>
      <Nav aria-label="Breadcrumb">
        <Trail>
          {trail.map((crumb, index) => (
            <li key={crumb.path}>{index === trail.length - 1 ? <span aria-current="page">{crumb.name}</span> : <Link to={crumb.path}>{crumb.name}</Link>}</li>
          ))}
        </Trail>
      </Nav>
    </Container>
  )
}
