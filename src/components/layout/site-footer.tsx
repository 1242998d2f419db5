import React from "react"
import styled from "styled-components"
import { Link } from "gatsby"
import { Container, bareList } from "../../styles/layout"
import { media, theme } from "../../styles/theme"
import { routes } from "../../routes"
import { BrandLogo, SITE_NAME } from "../images/brand-logo"
import { SubscribeForm } from "../forms/subscribe-form"
import { useCurrentYear } from "../../hooks/use-current-year"

/** Contact details shown in the footer. Fictional numbers from the ranges reserved for drama. */
const CONTACT = {
  phones: [
    { label: "+1 (555) 010-4477", href: "tel:+15550104477" },
    { label: "+44 20 7946 0321", href: "tel:+442079460321" },
  ],
  social: { label: "Instagram", href: "https://www.instagram.com/moveflix" },
  poweredBy: { label: "Gatsby", href: "https://www.gatsbyjs.com" },
} as const

const Footer = styled.footer`
  margin-top: ${theme.space.xl};
  padding: ${theme.space.xl} 0 ${theme.space.lg};
  background: ${theme.colors.surface};
  border-top: 1px solid ${theme.colors.border};
`

const Columns = styled.div`
  display: grid;
  gap: ${theme.space.lg};
  ${media.md} {
    grid-template-columns: 1.2fr 1fr 1fr;
  }
  ${media.lg} {
    grid-template-columns: 1.2fr 1fr 1fr 1.6fr;
  }
`

const ColumnTitle = styled.h2`
  margin: 0 0 ${theme.space.md};
  font-size: ${theme.fontSizes.lg};
`

const LinkList = styled.ul`
  ${bareList}
  display: grid;
  gap: ${theme.space.sm};
  a {
    text-decoration: none;
  }
  a:hover {
    color: ${theme.colors.accent};
    text-decoration: underline;
  }
`

const Blurb = styled.p`
  color: ${theme.colors.mutedText};
`

const Copyright = styled.p`
  margin: ${theme.space.xl} 0 0;
  padding-top: ${theme.space.md};
  border-top: 1px solid ${theme.colors.border};
  color: ${theme.colors.mutedText};
  font-size: ${theme.fontSizes.sm};
  a {
    color: ${theme.colors.text};
  }
`

export interface SiteFooterProps {
  categories: readonly Queries.NavCategoryFragment[]
  buildYear: number
  publicApiUrl: string
}

/**
 * A name for the build, shown after the copyright when the build sets
 * GATSBY_RELEASE_LABEL (a version or a date), so a visitor can tell support
 * which release they see. Unset: nothing is shown.
 */
const RELEASE_LABEL = process.env.GATSBY_RELEASE_LABEL

/** The contact-us footer: brand, category links, contact links, the Subscribe form and the copyright line. */
export function SiteFooter({ categories, buildYear, publicApiUrl }: SiteFooterProps) {
  const year = useCurrentYear(buildYear)
  return (
    <Footer id="contact-us">
      <Container>
        <Columns>
          <div>
            <BrandLogo />
            <Blurb>Fitness, dance and entertainment classes to stream whenever you are ready to move.</Blurb>
          </div>
          <nav aria-labelledby="footer-categories">
            <ColumnTitle id="footer-categories">Categories</ColumnTitle>
            <LinkList>
              {categories.map((category) => (
                <li key={category._id}>
                  <Link to={routes.category(category._id)} state={{ categoryId: category._id }}>
                    {category.title}
                  </Link>
                </li>
              ))}
            </LinkList>
          </nav>
          <div>
            <ColumnTitle>Contact Us</ColumnTitle>
            <LinkList>
              {CONTACT.phones.map((phone) => (
                <li key={phone.href}>
                  <a href={phone.href}>{phone.label}</a>
                </li>
              ))}
              <li>
                <a href={CONTACT.social.href} rel="noopener noreferrer" target="_blank">
                  Follow us on {CONTACT.social.label}
                </a>
              </li>
            </LinkList>
          </div>
          <div>
            <ColumnTitle>Subscribe</ColumnTitle>
            <Blurb>New classes, challenges and shows, once a week.</Blurb>
            <SubscribeForm apiUrl={publicApiUrl} />
          </div>
        </Columns>
        <Copyright>
          © {year} {SITE_NAME}. All rights reserved. Powered By{" "}
          <a href={CONTACT.poweredBy.href} rel="noopener noreferrer">
            {CONTACT.poweredBy.label}
          </a>
          {RELEASE_LABEL && <> · Release {RELEASE_LABEL}</>}
        </Copyright>
      </Container>
    </Footer>
  )
}
