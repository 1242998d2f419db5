import React from "react"
import type { HeadFC } from "gatsby"
import { MessageScreen } from "../components/message-screen"
import { Seo } from "../components/seo"

const THANK_YOU_TITLE = "Thank you For Subscribing"
const THANK_YOU_TEXT = "Your journey starts now! We’ll be in touch with tips, workouts, and entertainment just for you."

export default function ThankYouPage() {
  return <MessageScreen title={THANK_YOU_TITLE} text={THANK_YOU_TEXT} fullScreen />
}

export const Head: HeadFC = () => <Seo title={THANK_YOU_TITLE} description={THANK_YOU_TEXT} />
