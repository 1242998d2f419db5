import React from "react"
import { graphql, type HeadFC } from "gatsby"
import { THANK_YOU_TEXT, THANK_YOU_TITLE } from "../texts/fixed-pages"
import { MessageScreen } from "../components/screens/message-screen"
import { Seo } from "../components/layout/seo"

export default function ThankYouPage() {
  return <MessageScreen title={THANK_YOU_TITLE} text={THANK_YOU_TEXT} fullScreen />
}

export const Head: HeadFC<Queries.ThankYouPageQuery> = ({ data }) => <Seo data={data} />

export const query = graphql`
  query ThankYouPage($path: String!) {
    ...SeoHead
  }
`
