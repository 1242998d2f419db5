import React from "react"
import type { HeadFC } from "gatsby"
import { Hero } from "../components/hero"
import { PageShell } from "../components/page-shell"
import { Seo } from "../components/seo"
import { ButtonLink } from "../styles/layout"

export const NOT_FOUND_TEXT = "You are trying to access a page that doesn't exist or is currently unavailable!"

export default function NotFoundPage() {
  return (
    <PageShell>
      <Hero title="404 PAGE NOT FOUND" subtitle={NOT_FOUND_TEXT}>
        <p>
          <ButtonLink to="/">Back To Home</ButtonLink>
        </p>
      </Hero>
    </PageShell>
  )
}

export const Head: HeadFC = () => <Seo title="Page not found" description={NOT_FOUND_TEXT} />
