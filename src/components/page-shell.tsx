import React from "react"
import styled from "styled-components"
import { Link, graphql, useStaticQuery } from "gatsby"
import { routes } from "../page-creation/routes"

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
`

const NavList = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
`

const Main = styled.main`
  max-width: 72rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
`

/** Header with the category links, and the page's main landmark. */
export function PageShell({ children }: { children: React.ReactNode }) {
  const data = useStaticQuery<Queries.PageShellQuery>(graphql`
    query PageShell {
      allCatalogueCategory(sort: { position: ASC }) {
        nodes {
          _id
          title
        }
      }
    }
  `)
  return (
    <>
      <Header>
        <Link to="/">Home</Link>
        <nav aria-label="Categories">
          <NavList>
            {data.allCatalogueCategory.nodes.map((category) => (
              <li key={category._id}>
                <Link to={routes.category(category._id)}>{category.title}</Link>
              </li>
            ))}
          </NavList>
        </nav>
      </Header>
      <Main>{children}</Main>
    </>
  )
}
