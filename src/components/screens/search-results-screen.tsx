import React, { Suspense, useState } from "react"
import styled from "styled-components"
import { navigate } from "gatsby"
import { Button, Container, Section, SectionTitle, VisuallyHidden } from "../../styles/layout"
import { routes } from "../../routes"
import { Card, CardBody, CardLink, CardText, CardTitle, Grid } from "../cards/card-parts"
import { CardSkeleton } from "../cards/card-skeleton"
import { Hero } from "../layout/hero"
import { SearchForm } from "../forms/search-form"
import { PageShell } from "../layout/page-shell"
import { SiteImage } from "../images/site-image"
import { Skeleton } from "../cards/skeleton"
import { useIsomorphicLayoutEffect } from "../../hooks/use-isomorphic-layout-effect"
import { useSearch } from "../../hooks/use-search"
import { lazyOptional } from "../layout/lazy-optional"
import type { SearchGroup } from "../../services/search"
import { theme } from "../../styles/theme"

const NO_RESULTS = {
  title: "Sorry, your results can’t be found.",
  text: "Please try searching again or explore other sections.",
  back: "Previous Page",
  emptyGroup: "No Items Found.",
} as const

export const SEARCH_OFFLINE = {
  title: "You are offline",
  text: "Search needs a connection. Your search will run as soon as you are back online.",
} as const

const Picture = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 1.6;
  object-fit: cover;
  background: ${theme.colors.surfaceRaised};
`

const HeadingSkeleton = styled(Skeleton)`
  width: 12rem;
  height: calc(${theme.fontSizes.xl} * ${theme.lineHeights.heading});
  margin-bottom: ${theme.space.md};
`

// At least a screen high whatever the answer, so the footer never rises into
// view when a short answer replaces the taller skeletons.
const Answer = styled.div`
  min-height: calc(100vh - ${theme.layout.headerHeight});
  min-height: calc(100svh - ${theme.layout.headerHeight});
`

const OneLine = styled.span`
  display: block;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`

// Save and the storage code behind it (3.3 KB gzip) are fetched with the
// results, not with the page: until an answer comes there is no card to save.
// If that download fails, the results show without it.
const SaveSeriesButton = lazyOptional(() => import("../my-list/save-series-button").then((module) => module.SaveSeriesButton))

// The result card's picture: its box is 1.6, as every card's (card-grid.tsx).
const PICTURE = { width: 400, height: 250 } as const

const GroupSection = styled.section`
  margin-bottom: ${theme.space.xl};
  /* Without scripts no answer can come: the loading skeletons would say "loading" for ever. */
  @media (scripting: none) {
    &[aria-busy="true"] {
      display: none;
    }
  }
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
                {series.imageUrl && <Picture src={series.imageUrl} alt="" {...PICTURE} loading="lazy" decoding="async" />}
                <CardBody>
                  <CardTitle>{series.title}</CardTitle>
                  {series.description && <CardText>{series.description}</CardText>}
                </CardBody>
              </CardLink>
              {/* Laid over the picture: arriving a moment after the card moves nothing. */}
              <Suspense fallback={null}>
                <SaveSeriesButton series={{ id: series.id, title: series.title, image: series.imageUrl ? { src: series.imageUrl, ...PICTURE } : null }} look="card" />
              </Suspense>
            </Card>
          ))}
        </Grid>
      )}
    </GroupSection>
  )
}

/**
 * What the page says with JavaScript off (components/no-script-search.tsx),
 * only in the HTML: a visitor with scripts never sees a `noscript`'s content
 * (React never fills it in the browser), so the browser's bundle does not
 * carry it. Gatsby names the webpack stage at compile time, and webpack
 * follows only the live branch of the condition, the `require` included.
 */
function NoScriptSearch({ siteUrl }: { siteUrl: string }) {
  return process.env.BUILD_STAGE === "build-html" ? (
    <noscript>
      {/* eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only in the HTML build, so the browser bundle leaves it out */}
      {React.createElement((require("../forms/no-script-search") as typeof import("../forms/no-script-search")).NoScriptSearchContent, { siteUrl })}
    </noscript>
  ) : (
    <noscript />
  )
}

export interface SearchResultsScreenProps {
  query: string
  apiUrl: string
  /** The site's public address: the search without JavaScript is limited to its host. */
  siteUrl: string
}

/**
 * Live search results. The built page already has the 'Search Results' hero
 * (its picture is the page's largest paint, fetched with the HTML, not after
 * the answer) and skeletons of a group heading and a row of cards at their
 * real sizes; the answer fills them in, or puts the empty texts in the
 * hero's place, so it never moves anything a visitor already sees.
 */
export function SearchResultsScreen({ query, apiUrl, siteUrl }: SearchResultsScreenProps) {
  const { busy, groups, offline } = useSearch(apiUrl, query)
  const found = groups !== null && groups.length > 0
  const nothingFound = groups !== null && groups.length === 0
  // The built page cannot know the query, and hydration must draw what it
  // drew: the line is there, empty, and takes the query before the first paint.
  const [shownQuery, setShownQuery] = useState("")
  useIsomorphicLayoutEffect(() => setShownQuery(query), [query])
  const forQuery = shownQuery ? `For “${shownQuery}”` : "\u00a0"
  const seriesFound = groups?.reduce((count, group) => count + group.series.length, 0) ?? 0
  // Said by screen readers when the answer comes (WCAG 4.1.3): the page drew it without moving the focus.
  const announcement = nothingFound ? `Nothing found for “${shownQuery}”.` : found ? `${seriesFound} series found for “${shownQuery}”.` : ""
  return (
    <PageShell>
      <Answer>
        {/* Keyed apart: the empty texts replace the hero's content, never move it. */}
        {nothingFound ? (
          <Hero key="nothing-found" title={NO_RESULTS.title} subtitle={NO_RESULTS.text}>
            <p>Nothing matched “{shownQuery}”.</p>
            <SearchForm id="results-search" initialQuery={shownQuery} />
            <p>
              <Button type="button" onClick={() => void navigate(-1)}>
                {NO_RESULTS.back}
              </Button>
            </p>
          </Hero>
        ) : (
          <Hero key="results" title="Search Results" subtitle={<OneLine>{forQuery}</OneLine>} background={<SiteImage name="home-hero-3" fill priority />}>
            <SearchForm id="results-search" initialQuery={shownQuery} />
          </Hero>
        )}
        <VisuallyHidden role="status">{announcement}</VisuallyHidden>
        {(busy || found) && (
          <Section>
            <Container>
              {busy && (
                <GroupSection role="status" aria-label="Loading results" aria-busy="true">
                  <HeadingSkeleton />
                  <Grid>
                    {Array.from({ length: 4 }, (_, index) => (
                      <CardSkeleton key={index} />
                    ))}
                  </Grid>
                </GroupSection>
              )}
              {busy && <NoScriptSearch siteUrl={siteUrl} />}
              {found && groups.map((group) => <ResultGroup key={group.id} group={group} />)}
            </Container>
          </Section>
        )}
        {offline && (
          <Section>
            <Container>
              <GroupSection role="status" aria-labelledby="search-offline">
                <SectionTitle id="search-offline">{SEARCH_OFFLINE.title}</SectionTitle>
                <p>{SEARCH_OFFLINE.text}</p>
              </GroupSection>
            </Container>
          </Section>
        )}
      </Answer>
    </PageShell>
  )
}
