import React from "react"
import styled from "styled-components"
import { graphql } from "gatsby"
import { bareList } from "../../styles/layout"
import { media, theme } from "../../styles/theme"

const Row = styled.ul`
  ${bareList}
  margin-top: ${theme.space.lg};
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${theme.space.md};
  ${media.md} {
    grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  }
`

const Statistic = styled.li`
  padding: ${theme.space.md};
  border-radius: ${theme.radii.card};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
`

const Count = styled.strong`
  display: block;
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes.xl};
  color: ${theme.colors.accent};
`

export const query = graphql`
  fragment CategoryStatistic on CatalogueCategoryStatistic {
    _id
    title
    totalVideos
  }
`

/** Per-category video counts: "120+" over "Fitness Videos". */
export function StatisticsRow({ statistics }: { statistics: readonly Queries.CategoryStatisticFragment[] }) {
  if (statistics.length === 0) return null
  return (
    <Row aria-label="Videos per category">
      {statistics.map((statistic) => (
        <Statistic key={statistic._id}>
          <Count>{statistic.totalVideos}+</Count>
          <span>{statistic.title} Videos</span>
        </Statistic>
      ))}
    </Row>
  )
}
