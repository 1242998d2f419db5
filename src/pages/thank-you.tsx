import React from "react"
import type { HeadFC } from "gatsby"
import { Hero } from "../components/hero"
import { PageShell } from "../components/page-shell"
import { Seo } from "../components/seo"
import { ButtonLink } from "../styles/layout"

export const THANK_YOU_TEXT = "Your journey starts now! We’ll be in touch with tips, workouts, and entertainment just for you."

export default function ThankYouPage() {
  return (
    <PageShell>
      <Hero title="Thank you For Subscribing" subtitle={THANK_YOU_TEXT} fullScreen>
        <p>
          <ButtonLink to="/">Back To Home</ButtonLink>
        </p>
      </Hero>
    </PageShell>
  )
}

export const Head: HeadFC = () => <Seo title="Thank you For Subscribing" description={THANK_YOU_TEXT} />
