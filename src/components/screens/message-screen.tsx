import React, { type ReactNode } from "react"
import { ButtonLink } from "../../styles/layout"
import { Hero } from "../layout/hero"
import { PageShell } from "../layout/page-shell"

export interface MessageScreenProps {
  title: string
  text: string
  /** Full screen height (thank-you); otherwise the 70vh of every inner hero. */
  fullScreen?: boolean
  /** Another way on, beside Back To Home. */
  action?: ReactNode
}

/** A page that is only a message and the way back home: thank-you, 404 and the Subscribe form's outcomes. */
export function MessageScreen({ title, text, fullScreen = false, action }: MessageScreenProps) {
  return (
    <PageShell>
      <Hero title={title} subtitle={text} fullScreen={fullScreen}>
        <p>
          {action}
          <ButtonLink to="/">Back To Home</ButtonLink>
        </p>
      </Hero>
    </PageShell>
  )
}
