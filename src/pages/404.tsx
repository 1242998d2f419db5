import React from "react"
import { graphql, type HeadFC } from "gatsby"
import { NOT_FOUND_TEXT } from "../texts/fixed-pages"
import { MessageScreen } from "../components/screens/message-screen"
import { Seo } from "../components/layout/seo"

export default function NotFoundPage() {
  return <MessageScreen title="404 PAGE NOT FOUND" text={NOT_FOUND_TEXT} />
}

export const Head: HeadFC<Queries.NotFoundPageQuery> = ({ data }) => <Seo data={data} />

export const query = graphql`
  query NotFoundPage($path: String!) {
    ...SeoHead
  }
`
