import React from "react"
import styled from "styled-components"
import { Container, Section } from "../../styles/layout"
import { media, theme } from "../../styles/theme"
import { HtmlContent } from "./html-content"

const Layout = styled.div`
  display: grid;
  gap: ${theme.space.md};
  ${media.lg} {
    grid-template-columns: 1fr 1.4fr;
    gap: ${theme.space.xl};
  }
`

const Title = styled.h2`
  margin: 0;
`

const Body = styled(HtmlContent)`
  color: ${theme.colors.mutedText};
  font-size: ${theme.fontSizes.lg};
`

const Aside = styled.p`
  margin: ${theme.space.md} 0 0;
  padding-left: ${theme.space.md};
  border-left: 4px solid ${theme.colors.accent};
  font-weight: 600;
`

export interface IntroBlockProps {
  id: string
  title: string | null
  /** Sanitised catalogue HTML. */
  html: string | null
  subtitle?: string | null
}

/** The block under a hero: heading, the catalogue's HTML description and a closing line. */
export function IntroBlock({ id, title, html, subtitle }: IntroBlockProps) {
  return (
    <Section aria-labelledby={id}>
      <Container>
        <Layout>
          <Title id={id}>{title}</Title>
          <div>
            <Body html={html} />
            {subtitle && <Aside>{subtitle}</Aside>}
          </div>
        </Layout>
      </Container>
    </Section>
  )
}
