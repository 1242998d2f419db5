import React from "react"
import { graphql, type HeadFC } from "gatsby"
import { NOT_FOUND_TEXT } from "../fixed-page-texts"
import { MessageScreen } from "../components/message-screen"
import { Seo } from "../components/seo"

export default function NotFoundPage() {
  return <MessageScreen title="404 PAGE NOT FOUND" text={NOT_FOUND_TEXT} />
}

export const Head: HeadFC<Queries.NotFoundPageQuery> = ({ data }) => <Seo data={data} />

export const query = graphql`
  query NotFoundPage($path: String!) {
    ...SeoHead
  }
`
