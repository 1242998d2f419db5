import React from "react"
import { graphql, type HeadFC, type PageProps } from "gatsby"
import styled from "styled-components"
import { SUBSCRIBE_OUTCOME_TEXTS } from "../texts/subscribe-outcome"
import { MessageScreen } from "../components/screens/message-screen"
import { Seo } from "../components/layout/seo"
import { Button } from "../styles/layout"
import { theme } from "../styles/theme"

type Outcome = keyof typeof SUBSCRIBE_OUTCOME_TEXTS

// A plain anchor to the footer's form on this page (a Gatsby Link is for other pages).
const TryAgain = styled(Button).attrs({ as: "a" })`
  margin-right: ${theme.space.sm};
`

/**
 * Where the catalogue sends the Subscribe form sent without JavaScript when it
 * was not taken: what happened, and the way back to the form (the footer's).
 */
export default function SubscribeOutcomePage({ pageContext }: PageProps<Queries.SubscribeOutcomePageQuery, { outcome: Outcome }>) {
  const { title, text } = SUBSCRIBE_OUTCOME_TEXTS[pageContext.outcome]
  return (
    <MessageScreen
      title={title}
      text={text}
      action={
        <TryAgain href="#subscribe-email" $variant="ghost">
          Try again
        </TryAgain>
      }
    />
  )
}

export const Head: HeadFC<Queries.SubscribeOutcomePageQuery> = ({ data }) => <Seo data={data} />

export const query = graphql`
  query SubscribeOutcomePage($path: String!) {
    ...SeoHead
  }
`
