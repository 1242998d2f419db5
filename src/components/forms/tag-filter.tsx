import React from "react"
import styled from "styled-components"
import { pillToggle } from "../../styles/layout"
import { theme } from "../../styles/theme"

export const ALL_TAGS = "All"

const Row = styled.div`
  display: flex;
  gap: ${theme.space.sm};
  margin: 0 0 ${theme.space.lg};
  padding: ${theme.space.xs} ${theme.space.xs} ${theme.space.sm};
  overflow-x: auto;
  scrollbar-width: thin;
`

const Chip = styled.button`
  flex: 0 0 auto;
  min-height: 2.5rem;
  padding: 0 1.1rem;
  background: ${theme.colors.surface};
  font-weight: 600;
  white-space: nowrap;
  ${pillToggle('&[aria-pressed="true"]')}
`

/** 'All' and then each distinct tag, in the order the series first use them. */
export function distinctTags(tagLists: readonly (readonly string[])[]): string[] {
  return [ALL_TAGS, ...new Set(tagLists.flat().filter((tag) => tag && tag !== ALL_TAGS))]
}

export interface TagFilterProps {
  tags: readonly string[]
  selected: string
  onSelect: (tag: string) => void
  /** Names the chip group for screen readers. */
  label: string
}

/** A horizontally scrolling row of toggle chips; exactly one is pressed. */
export function TagFilter({ tags, selected, onSelect, label }: TagFilterProps) {
  return (
    <Row role="group" aria-label={label}>
      {tags.map((tag) => (
        <Chip key={tag} type="button" aria-pressed={tag === selected} onClick={() => onSelect(tag)}>
          {tag}
        </Chip>
      ))}
    </Row>
  )
}
