import React, { useRef, useState } from "react"
import styled from "styled-components"
import { Button } from "../../styles/layout"
import { SHARE_TEXTS } from "../../texts/share"
import { theme } from "../../styles/theme"

const Field = styled.textarea`
  display: block;
  width: 100%;
  margin: ${theme.space.xs} 0 ${theme.space.sm};
  padding: ${theme.space.sm};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.space.sm};
  background: ${theme.colors.background};
  color: ${theme.colors.text};
  font: inherit;
  font-size: ${theme.fontSizes.sm};
  word-break: break-all;
  resize: vertical;
`

const Said = styled.p`
  margin: ${theme.space.sm} 0 0;
  min-height: 1.6em;
`

/** The link, visible and selectable in its field, and a button that copies it (or says to copy it by hand). */
export function CopyLink({ url }: { url: string }) {
  const field = useRef<HTMLTextAreaElement>(null)
  const [said, setSaid] = useState("")
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setSaid(SHARE_TEXTS.copied)
    } catch {
      field.current?.select()
      setSaid(SHARE_TEXTS.copyRefused)
    }
  }
  return (
    <>
      <label htmlFor="another-device-link">{SHARE_TEXTS.link}</label>
      <Field id="another-device-link" ref={field} readOnly rows={4} value={url} onFocus={(event) => event.currentTarget.select()} />
      <Button type="button" onClick={() => void copy()}>
        {SHARE_TEXTS.copy}
      </Button>
      <Said role="status">{said}</Said>
    </>
  )
}
