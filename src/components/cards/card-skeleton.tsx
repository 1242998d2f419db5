import React from "react"
import styled from "styled-components"
import { Card, CardBody } from "./card-parts"
import { Skeleton } from "./skeleton"

// Apart from the card parts: only the results page waits for its cards, and every page with cards loaded
// these styled components (styled-components' calls are not dropped as unused).

// The title's one line and the text's three, at the global type scale.
const TitleSkeleton = styled(Skeleton)`
  height: calc(${({ theme }) => theme.fontSizes.lg} * ${({ theme }) => theme.lineHeights.heading});
  margin-bottom: ${({ theme }) => theme.space.xs};
`

const TextSkeleton = styled(Skeleton)`
  height: calc(3 * ${({ theme }) => theme.fontSizes.md} * ${({ theme }) => theme.lineHeights.body});
`

/**
 * A card still on its way: the picture's 1.6 box, a title line and three
 * lines of text, the size of the card that will replace it.
 */
export function CardSkeleton() {
  return (
    <Card aria-hidden="true">
      <Skeleton $aspectRatio={1.6} />
      <CardBody>
        <TitleSkeleton />
        <TextSkeleton />
      </CardBody>
    </Card>
  )
}
