import React, { useState } from "react"
import styled from "styled-components"
import { navigate } from "gatsby"
import { Button, VisuallyHidden, pillField } from "../../styles/layout"
import { routes } from "../../routes"
import { useIsomorphicLayoutEffect } from "../../hooks/use-isomorphic-layout-effect"
import { theme } from "../../styles/theme"

/** The search boxes' row and field, shared with the results page's search without JavaScript. */
export const SearchRow = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
  max-width: 40rem;
`

export const SearchField = styled.input`
  flex: 1 1 14rem;
  min-height: 3rem;
  padding: 0.5rem 1.25rem;
  ${pillField}
  background: ${theme.colors.surface};
`

export interface SearchFormProps {
  /** The field's id: one per page (the home page's box, the results page's). */
  id?: string
  /** What the field holds at first: on the results page, the query it shows, to refine. */
  initialQuery?: string
}

/**
 * A search box: the home page's, and the results page's to refine a search.
 * It works as a plain GET form before JavaScript loads; afterwards it
 * navigates without a page load.
 */
export function SearchForm({ id = "home-search", initialQuery = "" }: SearchFormProps) {
  const [query, setQuery] = useState(initialQuery)
  // The results page learns its query in the browser (the built page cannot know it).
  useIsomorphicLayoutEffect(() => setQuery(initialQuery), [initialQuery])
  return (
    <SearchRow
      role="search"
      action="/search-results"
      method="get"
      onSubmit={(event) => {
        event.preventDefault()
        void navigate(routes.searchResults(query.trim()))
      }}
    >
      <VisuallyHidden as="label" htmlFor={id}>
        Search series
      </VisuallyHidden>
      <SearchField
        id={id}
        type="search"
        name="q"
        required
        // Spaces alone are no query: the browser asks for text instead of
        // opening a results page that can only be empty.
        pattern=".*\S.*"
        title="Type a word to search for."
        placeholder="What are you looking for?"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <Button type="submit">Search</Button>
    </SearchRow>
  )
}
