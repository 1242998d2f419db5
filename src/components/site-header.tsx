import React, { useEffect, useState } from "react"
import styled from "styled-components"
import { Link, graphql } from "gatsby"
import { ButtonLink, VisuallyHidden, bareList } from "../styles/layout"
import { media, stickyHeader } from "../styles/theme"
import { routes } from "../routes"
import { BrandLogo } from "./brand-logo"
import { BookmarkIcon } from "./bookmark-icon"

const Bar = styled.header`
  position: relative;
  z-index: 20;
  ${stickyHeader} {
    position: sticky;
    top: 0;
  }
  background: ${({ theme }) => theme.colors.backgroundTranslucent};
  backdrop-filter: blur(8px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  max-width: ${({ theme }) => theme.layout.maxWidth};
  /* The bar's 1px border is part of the header's height: heroes and anchors count on 4.5rem in all. */
  min-height: calc(${({ theme }) => theme.layout.headerHeight} - 1px);
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  ${media.md} {
    flex-wrap: nowrap;
    padding: 0 ${({ theme }) => theme.space.lg};
  }
`

const MenuButton = styled.button`
  order: 3;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 2.75rem;
  min-height: 2.75rem;
  padding: 0;
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: 700;
  cursor: pointer;
  ${media.md} {
    display: none;
  }
`

const Nav = styled.nav<{ $open: boolean }>`
  order: 4;
  flex-basis: 100%;
  display: ${({ $open }) => ($open ? "block" : "none")};
  ${media.md} {
    order: 2;
    flex-basis: auto;
    display: block;
    margin-left: auto;
  }
`

const NavList = styled.ul`
  ${bareList}
  padding: ${({ theme }) => theme.space.sm} 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  ${media.md} {
    flex-direction: row;
    gap: ${({ theme }) => theme.space.md};
    padding: 0;
  }
  ${media.lg} {
    gap: ${({ theme }) => theme.space.lg};
  }
`

const NavLink = styled(Link)`
  display: block;
  padding: ${({ theme }) => theme.space.sm} 0;
  font-weight: 600;
  text-decoration: none;
  &:hover,
  &[aria-current="page"] {
    color: ${({ theme }) => theme.colors.accent};
  }
`

// From md, in the header's row beside Contact Us; on phones the row has no room left, and My list is
// the last entry of the menu instead (MenuListItem).
const MyListLink = styled(Link)`
  display: none;
  ${media.md} {
    order: 3;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: ${({ theme }) => theme.space.xs};
    min-width: 2.75rem;
    min-height: 2.75rem;
    flex-shrink: 0;
    font-weight: 600;
    text-decoration: none;
    &:hover,
    &[aria-current="page"] {
      color: ${({ theme }) => theme.colors.accent};
    }
  }
  ${media.lg} {
    margin-left: ${({ theme }) => theme.space.sm};
    padding: 0 ${({ theme }) => theme.space.sm};
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

const MenuListItem = styled.li`
  ${media.md} {
    display: none;
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

const MenuIcon = ({ open }: { open: boolean }) => (
  <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    {open ? (
      <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    ) : (
      <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    )}
  </svg>
)

export const query = graphql`
  fragment NavCategory on CatalogueCategory {
    _id
    title
  }
`

/** Logo, the category links (a menu on small screens) and Contact Us. */
export function SiteHeader({ categories }: { categories: readonly Queries.NavCategoryFragment[] }) {
  const [menuOpen, setMenuOpen] = useState(false)

  useEffect(() => {
    if (!menuOpen) return
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false)
    }
    window.addEventListener("keydown", closeOnEscape)
    return () => window.removeEventListener("keydown", closeOnEscape)
  }, [menuOpen])

  return (
    <Bar>
      <Inner>
        <BrandLogo />
        <MenuButton type="button" aria-expanded={menuOpen} aria-controls="site-menu" onClick={() => setMenuOpen(!menuOpen)}>
          <MenuIcon open={menuOpen} />
          <VisuallyHidden>Menu</VisuallyHidden>
        </MenuButton>
        <Nav id="site-menu" aria-label="Main" $open={menuOpen}>
          <NavList>
            {categories.map((category) => (
              <li key={category._id}>
                <NavLink to={routes.category(category._id)} onClick={() => setMenuOpen(false)}>
                  {category.title}
                </NavLink>
              </li>
            ))}
            <MenuListItem>
              <NavLink to={routes.myList} onClick={() => setMenuOpen(false)}>
                My list
              </NavLink>
            </MenuListItem>
          </NavList>
        </Nav>
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
