import React from "react"
import type { HeadFC } from "gatsby"
import { MessageScreen } from "../components/message-screen"
import { Seo } from "../components/seo"

const NOT_FOUND_TEXT = "You are trying to access a page that doesn't exist or is currently unavailable!"

export default function NotFoundPage() {
  return <MessageScreen title="404 PAGE NOT FOUND" text={NOT_FOUND_TEXT} />
}

export const Head: HeadFC = () => <Seo title="Page not found" description={NOT_FOUND_TEXT} />
