import React, { useRef } from "react"
import styled from "styled-components"
import { Link, graphql } from "gatsby"
import { ButtonLink, VisuallyHidden, bareList } from "../../styles/layout"
import { media, stickyHeader, theme } from "../../styles/theme"
import { routes } from "../../routes"
import { BrandLogo } from "../images/brand-logo"
import { BookmarkIcon } from "../images/bookmark-icon"

const Bar = styled.header`
  position: relative;
  z-index: 20;
  ${stickyHeader} {
    position: sticky;
    top: 0;
  }
  background: ${theme.colors.backgroundTranslucent};
  backdrop-filter: blur(8px);
  border-bottom: 1px solid ${theme.colors.border};
`

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
  max-width: ${theme.layout.maxWidth};
  /* The bar's 1px border is part of the header's height: heroes and anchors count on 4.5rem in all. */
  min-height: calc(${theme.layout.headerHeight} - 1px);
  margin: 0 auto;
  padding: ${theme.space.sm} ${theme.space.md};
  ${media.md} {
    flex-wrap: nowrap;
    padding: 0 ${theme.space.lg};
  }
`

// Phones: the categories behind a native disclosure, so the menu opens before the page's JavaScript
// has taken over and when there is none (a button that only React could open did nothing then).
const PhoneMenu = styled.details`
  order: 3;
  ${media.md} {
    display: none;
  }
`

const MenuSummary = styled.summary`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 2.75rem;
  min-height: 2.75rem;
  border: 2px solid ${theme.colors.border};
  border-radius: ${theme.radii.pill};
  color: ${theme.colors.text};
  cursor: pointer;
  list-style: none;
  &::-webkit-details-marker {
    display: none;
  }
  .menu-open,
  [open] > & .menu-closed {
    display: none;
  }
  [open] > & .menu-open {
    display: inline;
  }
`

// Opened, the list hangs below the header's row across its width, over the page rather than pushing it
// down: what the visitor was looking at stays where it was.
const PhoneNav = styled.nav`
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  max-height: calc(100vh - ${theme.layout.headerHeight});
  overflow-y: auto;
  padding: 0 ${theme.space.md};
  background: ${theme.colors.background};
  border-bottom: 1px solid ${theme.colors.border};
`

const DesktopNav = styled.nav`
  display: none;
  ${media.md} {
    order: 2;
    display: block;
    margin-left: auto;
  }
`

const NavList = styled.ul`
  ${bareList}
  padding: ${theme.space.sm} 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  ${media.md} {
    flex-direction: row;
    gap: ${theme.space.md};
    padding: 0;
  }
  ${media.lg} {
    gap: ${theme.space.lg};
  }
`

const NavLink = styled(Link)`
  display: block;
  padding: ${theme.space.sm} 0;
  font-weight: 600;
  text-decoration: none;
  &:hover,
  &[aria-current="page"] {
    color: ${theme.colors.accent};
  }
`

// From md, in the header's row beside Contact Us; on phones the row has no room left, and My list is
// the last entry of the menu instead.
const MyListLink = styled(Link)`
  display: none;
  ${media.md} {
    order: 3;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: ${theme.space.xs};
    min-width: 2.75rem;
    min-height: 2.75rem;
    flex-shrink: 0;
    font-weight: 600;
    text-decoration: none;
    &:hover,
    &[aria-current="page"] {
      color: ${theme.colors.accent};
    }
  }
  ${media.lg} {
    margin-left: ${theme.space.sm};
    padding: 0 ${theme.space.sm};
  }
`

// Below lg the row holds the categories too: the icon alone there, its name still read out.
const MyListWords = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  ${media.lg} {
    position: static;
    width: auto;
    height: auto;
    overflow: visible;
    clip: auto;
  }
`

const Contact = styled(ButtonLink)`
  order: 2;
  flex-shrink: 0;
  margin-left: auto;
  padding: 0.5rem 1rem;
  ${media.md} {
    padding: 0.6rem 1rem;
    order: 3;
    margin-left: 0;
  }
  ${media.lg} {
    padding: 0.6rem 1.4rem;
  }
`

// Both drawings, the open one shown by the disclosure's own state (CSS), so it is right before hydration.
const MenuIcon = () => (
  <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    <path className="menu-closed" d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    <path className="menu-open" d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
)

export const query = graphql`
  fragment NavCategory on CatalogueCategory {
    _id
    title
  }
`

function CategoryLinks({ categories, onChoose }: { categories: readonly Queries.NavCategoryFragment[]; onChoose?: () => void }) {
  return (
    <>
      {categories.map((category) => (
        <li key={category._id}>
          <NavLink to={routes.category(category._id)} onClick={onChoose}>
            {category.title}
          </NavLink>
        </li>
      ))}
    </>
  )
}

/** Logo, the category links (a menu on small screens) and Contact Us. */
export function SiteHeader({ categories }: { categories: readonly Queries.NavCategoryFragment[] }) {
  // Uncontrolled: the disclosure may have been opened before hydration, and React must not undo that.
  const menu = useRef<HTMLDetailsElement>(null)
  const closeMenu = () => {
    if (menu.current) menu.current.open = false
  }
  // Escape while the focus is in the menu (its button or a link) closes it and leaves the focus on its button.
  const closeOnEscape = (event: React.KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== "Escape" || !event.currentTarget.open) return
    closeMenu()
    event.currentTarget.querySelector("summary")?.focus()
  }

  return (
    <Bar>
      <Inner>
        <BrandLogo />
        <PhoneMenu ref={menu} onKeyDown={closeOnEscape}>
          <MenuSummary>
            <MenuIcon />
            <VisuallyHidden>Menu</VisuallyHidden>
          </MenuSummary>
          <PhoneNav aria-label="Main">
            <NavList>
              <CategoryLinks categories={categories} onChoose={closeMenu} />
              <li>
                <NavLink to={routes.myList} onClick={closeMenu}>
                  My list
                </NavLink>
              </li>
            </NavList>
          </PhoneNav>
        </PhoneMenu>
        <DesktopNav aria-label="Main">
          <NavList>
            <CategoryLinks categories={categories} />
          </NavList>
        </DesktopNav>
        <MyListLink to={routes.myList}>
          <BookmarkIcon />
          <MyListWords>My list</MyListWords>
        </MyListLink>
        <Contact to="/#contact-us" $variant="ghost">
          Contact Us
        </Contact>
      </Inner>
    </Bar>
  )
}
