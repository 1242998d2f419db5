import React from "react"
import styled from "styled-components"
import { graphql } from "gatsby"
import { bareList } from "../../styles/layout"
import { media } from "../../styles/theme"

const Row = styled.ul`
  ${bareList}
  margin-top: ${({ theme }) => theme.space.lg};
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${({ theme }) => theme.space.md};
  ${media.md} {
    grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  }
`

const Statistic = styled.li`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.card};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
`

const Count = styled.strong`
  display: block;
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  color: ${({ theme }) => theme.colors.accent};
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
