import React from "react"
import type { HeadFC } from "gatsby"
import { THANK_YOU_TEXT, THANK_YOU_TITLE } from "../fixed-page-texts"
import type { SeoPageContext } from "../seo/page-head"
import { MessageScreen } from "../components/message-screen"
import { Seo } from "../components/seo"

export default function ThankYouPage() {
  return <MessageScreen title={THANK_YOU_TITLE} text={THANK_YOU_TEXT} fullScreen />
}

export const Head: HeadFC<object, SeoPageContext> = ({ pageContext }) => <Seo head={pageContext.seo} />
