import React from "react"
import styled from "styled-components"
import { NO_SCRIPT_SEARCH } from "../../../contract/no-script-search"
import { Button, SectionTitle, VisuallyHidden } from "../../styles/layout"
import { SearchField, SearchRow } from "./search-form"
import { theme } from "../../styles/theme"

// As the results' groups are spaced (search-results-screen.tsx).
const Explanation = styled.section`
  margin-bottom: ${theme.space.xl};
`

/**
 * What the page says with JavaScript off (contract/no-script-search.ts): why
 * there are no results, and a form that still searches, this site's pages at
 * DuckDuckGo. Only in the HTML, in `noscript`: a visitor with scripts never
 * sees it, and the browser's bundle does not carry it.
 */
export function NoScriptSearchContent({ siteUrl }: { siteUrl: string }) {
  const host = siteUrl ? new URL(siteUrl).host : ""
  return (
    <Explanation aria-labelledby="no-script-search">
      <SectionTitle id="no-script-search">Search needs JavaScript</SectionTitle>
      <p>
        JavaScript is off in this browser, so this page cannot look in the catalogue. Search this site with {NO_SCRIPT_SEARCH.name} instead, or browse the categories in the menu.
      </p>
      <SearchRow role="search" action={NO_SCRIPT_SEARCH.action} method="get" aria-label={`Search this site with ${NO_SCRIPT_SEARCH.name}`}>
        {host && <input type="hidden" name="sites" value={host} />}
        <VisuallyHidden as="label" htmlFor="no-script-search-field">
          Search this site with {NO_SCRIPT_SEARCH.name}
        </VisuallyHidden>
        <SearchField id="no-script-search-field" type="search" name="q" required placeholder="What are you looking for?" />
        <Button type="submit">Search with {NO_SCRIPT_SEARCH.name}</Button>
      </SearchRow>
    </Explanation>
  )
}
