import React from "react"
import styled from "styled-components"
import { Link } from "gatsby"
import { pagePath } from "../page-creation/paginate"

const Nav = styled.nav`
  margin: ${({ theme }) => theme.space.lg} 0;
`

const Pages = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  padding: 0;
  margin: 0;
`

export interface PaginationProps {
  basePath: string
  currentPage: number
  numPages: number
}

/** Prev, numbered pages and Next, as links to the prebuilt pages of a listing. */
export function Pagination({ basePath, currentPage, numPages }: PaginationProps) {
  if (numPages <= 1) return null
  const pages = Array.from({ length: numPages }, (_, i) => i + 1)
  return (
    <Nav aria-label="Pagination">
      <Pages>
        {currentPage > 1 && (
          <li>
            <Link to={pagePath(basePath, currentPage - 1)} rel="prev">
              Prev
            </Link>
          </li>
        )}
        {pages.map((page) => (
          <li key={page}>
            {page === currentPage ? (
              <span aria-current="page">{page}</span>
            ) : (
              <Link to={pagePath(basePath, page)} aria-label={`Page ${page}`}>
                {page}
              </Link>
            )}
          </li>
        ))}
        {currentPage < numPages && (
          <li>
            <Link to={pagePath(basePath, currentPage + 1)} rel="next">
              Next
            </Link>
          </li>
        )}
      </Pages>
    </Nav>
  )
}
