import React from "react"
import styled, { css } from "styled-components"
import { Link } from "gatsby"
import { bareList, pillToggle, VisuallyHidden } from "../../styles/layout"
import { paginationItems } from "./pagination-items"
import { theme } from "../../styles/theme"

const Nav = styled.nav`
  margin: ${theme.space.lg} 0 0;
`

const Pages = styled.ul`
  ${bareList}
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  gap: ${theme.space.sm};
`

const entry = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 2.75rem;
  min-height: 2.75rem;
  padding: 0 0.8rem;
  background: transparent;
  font-weight: 700;
  text-decoration: none;
  ${pillToggle('&[aria-current="page"]')}
  &[aria-current="page"] {
    cursor: default;
  }
  &:disabled,
  &[aria-disabled="true"] {
    opacity: 0.45;
    cursor: not-allowed;
  }
`

const PageLink = styled(Link)`
  ${entry}
`
const PageButton = styled.button`
  ${entry}
`
const PageMark = styled.span`
  ${entry}
`
const Gap = styled.span`
  padding: 0 ${theme.space.xs};
  color: ${theme.colors.mutedText};
`

export interface PaginationProps {
  /** Names the navigation landmark, e.g. "Subcategory pages". */
  label: string
  /** 1-based. */
  currentPage: number
  numPages: number
  /** Prebuilt pages: each entry is a link to this path. */
  pathFor?: (page: number) => string
  /** Pages drawn in the browser: each entry is a button. */
  onSelect?: (page: number) => void
}

/** Prev, numbered pages with gaps, and Next: links to prebuilt pages, or buttons. */
export function Pagination({ label, currentPage, numPages, pathFor, onSelect }: PaginationProps) {
  if (numPages <= 1) return null

  const target = (page: number, text: string, name?: string, rel?: "prev" | "next") => {
    const outOfRange = page < 1 || page > numPages
    // The current page is an entry like the others, marked: HTML allows no name on a bare span (USWDS's pattern).
    const current = page === currentPage && !rel ? { "aria-current": "page" as const } : {}
    if (pathFor) {
      return outOfRange ? (
        <PageMark aria-disabled="true">{text}</PageMark>
      ) : (
        <PageLink to={pathFor(page)} rel={rel} aria-label={name} {...current}>
          {text}
        </PageLink>
      )
    }
    // aria-disabled, not disabled: Next pressed onto the last page stays focused where the visitor left it (a
    // disabled button drops the focus to <body>), and is announced as unavailable.
    return (
      <PageButton
        type="button"
        aria-disabled={outOfRange ? "true" : undefined}
        aria-label={name}
        onClick={() => {
          if (!outOfRange) onSelect?.(page)
        }}
        {...current}
      >
        {text}
      </PageButton>
    )
  }

  return (
    <Nav aria-label={label}>
      <Pages>
        <li>{target(currentPage - 1, "Prev", undefined, "prev")}</li>
        {paginationItems(currentPage, numPages).map((item) =>
          item.kind === "gap" ? (
            <li key={`gap-${item.after}`} aria-hidden="true">
              <Gap>…</Gap>
            </li>
          ) : (
            <li key={item.page}>{target(item.page, String(item.page), `Page ${item.page}`)}</li>
          ),
        )}
        <li>{target(currentPage + 1, "Next", undefined, "next")}</li>
      </Pages>
      {/* Pages drawn in place say where the visitor now is; a prebuilt page is announced as a new page. */}
      {onSelect && !pathFor ? (
        <VisuallyHidden role="status">
          Page {currentPage} of {numPages}
        </VisuallyHidden>
      ) : null}
    </Nav>
  )
}
