import React from "react"
import styled from "styled-components"
import { graphql, useStaticQuery } from "gatsby"
import { SiteFooter } from "./site-footer"
import { SiteHeader } from "./site-header"
import { theme } from "../../styles/theme"

const SkipLink = styled.a`
  position: absolute;
  left: ${theme.space.md};
  top: -4rem;
  z-index: 30;
  padding: ${theme.space.sm} ${theme.space.md};
  background: ${theme.colors.accent};
  color: ${theme.colors.accentText};
  font-weight: 700;
  /* Fixed when focused: reached by Shift+Tab from far down a page, it shows in the window, not at the page's top. */
  &:focus {
    position: fixed;
    top: ${theme.space.sm};
  }
`

/** The main landmark's id: the skip link's target. */
export const MAIN_CONTENT_ID = "main-content"

/** Header, main landmark and footer around every page. */
export function PageShell({ children }: { children: React.ReactNode }) {
  const data = useStaticQuery<Queries.PageShellQuery>(graphql`
    query PageShell {
      site {
        buildYear: buildTime(formatString: "YYYY")
        siteMetadata {
          publicApiUrl
        }
      }
      allCatalogueCategory(sort: { position: ASC }) {
        nodes {
          ...NavCategory
        }
      }
    }
  `)
  const categories = data.allCatalogueCategory.nodes
  return (
    <>
      <SkipLink href={`#${MAIN_CONTENT_ID}`}>Skip to content</SkipLink>
      <SiteHeader categories={categories} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter categories={categories} buildYear={Number(data.site?.buildYear) || new Date().getFullYear()} publicApiUrl={data.site?.siteMetadata?.publicApiUrl ?? ""} />
    </>
  )
}
