import React from "react"
import styled from "styled-components"
import { Card, CardBody } from "./card-parts"
import { Skeleton } from "./skeleton"
import { theme } from "../../styles/theme"

// Apart from the card parts: only the results page waits for its cards, and every page with cards loaded
// these styled components (styled-components' calls are not dropped as unused).

// The title's one line and the text's three, at the global type scale.
const TitleSkeleton = styled(Skeleton)`
  height: calc(${theme.fontSizes.lg} * ${theme.lineHeights.heading});
  margin-bottom: ${theme.space.xs};
`

const TextSkeleton = styled(Skeleton)`
  height: calc(3 * ${theme.fontSizes.md} * ${theme.lineHeights.body});
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
