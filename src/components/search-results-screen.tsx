import React from "react"
import styled from "styled-components"
import { StaticImage } from "gatsby-plugin-image"
import { navigate } from "gatsby"
import { Button, Container, Section, SectionTitle, VisuallyHidden, bareList } from "../styles/layout"
import { routes } from "../routes"
import { Card, CardBody, CardLink, CardText, CardTitle, Grid } from "./card-grid"
import { Hero } from "./hero"
import { PageShell } from "./page-shell"
import { Skeleton } from "./skeleton"
import { useSearch } from "../hooks/use-search"
import type { SearchGroup } from "../services/search"

const NO_RESULTS = {
  title: "Sorry, your results can’t be found.",
  text: "Please try searching again or explore other sections.",
  back: "Previous Page",
  emptyGroup: "No Items Found.",
} as const

const Picture = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 1.6;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.surfaceRaised};
`

// Columns of SPEC.md's 400 px skeleton cards, as many as fit; a phone narrower
// than one card gets a single full-width column, still square.
const SkeletonGrid = styled.ul`
  ${bareList}
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fill, min(100%, 400px));
  justify-content: center;
`

const Empty = styled.div`
  padding: ${({ theme }) => theme.space.xl} 0;
  text-align: center;
  p {
    color: ${({ theme }) => theme.colors.mutedText};
  }
`

const GroupSection = styled.section`
  margin-bottom: ${({ theme }) => theme.space.xl};
`

function ResultGroup({ group }: { group: SearchGroup }) {
  const headingId = `search-group-${group.id}`
  return (
    <GroupSection aria-labelledby={headingId}>
      <SectionTitle id={headingId}>{group.title}</SectionTitle>
      {group.series.length === 0 ? (
        <p>{NO_RESULTS.emptyGroup}</p>
      ) : (
        <Grid>
          {group.series.map((series) => (
            <Card key={series.id}>
              <CardLink to={routes.series(series.id)}>
                {series.imageUrl && (
                  <Picture src={series.imageUrl} alt={series.title ?? ""} width={400} height={250} loading="lazy" decoding="async" />
                )}
                <CardBody>
                  <CardTitle>{series.title}</CardTitle>
                  {series.description && <CardText>{series.description}</CardText>}
                </CardBody>
              </CardLink>
            </Card>
          ))}
        </Grid>
      )}
    </GroupSection>
  )
}

export interface SearchResultsScreenProps {
  query: string
  apiUrl: string
}

/** Live search results: skeletons while busy, groups when found, the empty texts when not. */
export function SearchResultsScreen({ query, apiUrl }: SearchResultsScreenProps) {
  const { busy, groups } = useSearch(apiUrl, query)
  const found = groups !== null && groups.length > 0
  return (
    <PageShell>
      {found && (
        <Hero
          title="Search Results"
          subtitle={`For “${query}”`}
          background={<StaticImage src="../images/home-hero-3.jpg" alt="" layout="fullWidth" formats={["auto", "webp"]} />}
        />
      )}
      <Section>
        <Container>
          {!found && groups === null && <VisuallyHidden as="h1">Search Results</VisuallyHidden>}
          {busy && (
            <div role="status" aria-label="Loading results">
              <SkeletonGrid>
                {Array.from({ length: 4 }, (_, index) => (
                  <li key={index}>
                    <Skeleton />
                  </li>
                ))}
              </SkeletonGrid>
            </div>
          )}
          {found && groups.map((group) => <ResultGroup key={group.id} group={group} />)}
          {groups !== null && groups.length === 0 && (
            <Empty>
              <h1>{NO_RESULTS.title}</h1>
              <p>{NO_RESULTS.text}</p>
              <Button type="button" onClick={() => void navigate(-1)}>
                {NO_RESULTS.back}
              </Button>
            </Empty>
          )}
        </Container>
      </Section>
    </PageShell>
  )
}
