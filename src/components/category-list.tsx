import React from "react"
import styled from "styled-components"
import { graphql } from "gatsby"

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
`

const Item = styled.li`
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.card};
  padding: ${({ theme }) => theme.space.md};
`

const ItemTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`

const ItemText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedText};
`

export const query = graphql`
  fragment CategoryListItem on CatalogueCategory {
    _id
    title
    shortDesc
  }
`

export interface CategoryListProps {
  categories: readonly Queries.CategoryListItemFragment[]
}

export function CategoryList({ categories }: CategoryListProps) {
  return (
    <List>
      {categories.map((category) => (
        <Item key={category._id}>
          <ItemTitle>{category.title}</ItemTitle>
          {category.shortDesc && <ItemText>{category.shortDesc}</ItemText>}
        </Item>
      ))}
    </List>
  )
}
