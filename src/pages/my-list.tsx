import React from "react"
import { graphql, type HeadFC } from "gatsby"
import { MyListScreen } from "../components/screens/my-list-screen"
import { Seo } from "../components/layout/seo"

/** The visitor's own list of saved series, read from their browser's storage. */
export default function MyListPage() {
  return <MyListScreen />
}

export const Head: HeadFC<Queries.MyListPageQuery> = ({ data }) => <Seo data={data} />

export const query = graphql`
  query MyListPage($path: String!) {
    ...SeoHead
  }
`
