import React from "react"
import { ButtonLink } from "../styles/layout"
import { Hero } from "./hero"
import { PageShell } from "./page-shell"

export interface MessageScreenProps {
  title: string
  text: string
  /** Full screen height (thank-you); otherwise the 70vh of every inner hero. */
  fullScreen?: boolean
}

/** A page that is only a message and the way back home: thank-you and 404. */
export function MessageScreen({ title, text, fullScreen = false }: MessageScreenProps) {
  return (
    <PageShell>
      <Hero title={title} subtitle={text} fullScreen={fullScreen}>
        <p>
          <ButtonLink to="/">Back To Home</ButtonLink>
        </p>
      </Hero>
    </PageShell>
  )
}
