import React, { useRef, useState } from "react"
import styled from "styled-components"
import { navigate } from "gatsby"
import { Button, VisuallyHidden, pillField } from "../../styles/layout"
import { SUBSCRIBE_MESSAGES } from "../../texts/subscribe-messages"
import { theme } from "../../styles/theme"

// The sending code (and the address check) arrives when the visitor first focuses the field or submits,
// not with every page: the form posts itself until then. The browser keeps the one request.
const loadSubscribe = () => import("../../services/subscribe")

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`

const EmailInput = styled.input`
  flex: 1 1 12rem;
  min-height: 2.75rem;
  padding: 0.5rem 1rem;
  ${pillField}
  background: ${theme.colors.background};
  &[aria-invalid="true"] {
    border-color: ${theme.colors.accent};
  }
`

const ErrorLine = styled.p`
  min-height: 1.6em;
  margin: ${theme.space.sm} 0 0;
  color: ${theme.colors.accentHover};
  font-weight: 600;
`

const THANK_YOU_PATH = "/thank-you"

/** The footer's mailing-list form: checks the address on submit, sends one request at a time. */
export function SubscribeForm({ apiUrl }: { apiUrl: string }) {
  const [email, setEmail] = useState("")
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState("")
  // A ref, not state: two quick submits land before React re-renders.
  const inFlight = useRef(false)

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (inFlight.current) return
    const form = event.currentTarget
    inFlight.current = true
    let sending: typeof import("../../services/subscribe")
    try {
      sending = await loadSubscribe()
    } catch {
      inFlight.current = false
      // Offline, the address stays here with the reason; online, the form posts itself as it does without scripts.
      if (navigator.onLine === false) setError(SUBSCRIBE_MESSAGES.offline)
      else form.submit()
      return
    }
    const address = email.trim()
    if (!sending.isValidEmail(address)) {
      inFlight.current = false
      setError(SUBSCRIBE_MESSAGES.invalidEmail)
      return
    }
    setBusy(true)
    setError("")
    const outcome = await sending.subscribe(apiUrl, address)
    inFlight.current = false
    setBusy(false)
    if (outcome.ok) {
      setEmail("")
      await navigate(THANK_YOU_PATH)
    } else {
      setError(outcome.message)
    }
  }

  return (
    <>
      {/* Until the page's JavaScript has taken over, and without it, the browser posts the form itself to
          the catalogue, which sends it on to the page for what happened (contract/subscribe-form.ts). */}
      <Form method="post" action={`${apiUrl.replace(/\/$/, "")}/subscribe`} noValidate onSubmit={onSubmit} aria-label="Subscribe to our newsletter">
        <VisuallyHidden as="label" htmlFor="subscribe-email">
          Email address
        </VisuallyHidden>
        <EmailInput
          id="subscribe-email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Your Email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onFocus={() => void loadSubscribe().catch(() => undefined)}
          aria-invalid={error ? true : undefined}
          aria-describedby="subscribe-error"
        />
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? "Subscribing…" : "Subscribe"}
        </Button>
      </Form>
      <ErrorLine id="subscribe-error" role="alert">
        {error}
      </ErrorLine>
    </>
  )
}
