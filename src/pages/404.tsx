import React from "react"
import type { HeadFC } from "gatsby"
import { NOT_FOUND_TEXT } from "../fixed-page-texts"
import type { SeoPageContext } from "../seo/page-head"
import { MessageScreen } from "../components/message-screen"
import { Seo } from "../components/seo"

export default function NotFoundPage() {
  return <MessageScreen title="404 PAGE NOT FOUND" text={NOT_FOUND_TEXT} />
}

export const Head: HeadFC<object, SeoPageContext> = ({ pageContext }) => <Seo head={pageContext.seo} />
