import React from "react"
import type { HeadFC } from "gatsby"
import { MyListScreen } from "../components/my-list-screen"
import { Seo } from "../components/seo"
import type { SeoPageContext } from "../seo/page-head"

/** The visitor's own list of saved series, read from their browser's storage. */
export default function MyListPage() {
  return <MyListScreen />
}

export const Head: HeadFC<object, SeoPageContext> = ({ pageContext }) => <Seo head={pageContext.seo} />
