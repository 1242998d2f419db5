import React from "react"
import styled from "styled-components"
import { theme } from "../../styles/theme"

const Html = styled.div`
  & > :first-child {
    margin-top: 0;
  }
  a {
    color: ${theme.colors.accent};
  }
`

export interface HtmlContentProps {
  /** HTML already sanitised at build time by the source plugin. */
  html: string | null | undefined
  className?: string
}

/** Catalogue HTML, which the source plugin sanitised with an allow-list at build time. */
export function HtmlContent({ html, className }: HtmlContentProps) {
  if (!html) return null
  return <Html className={className} dangerouslySetInnerHTML={{ __html: html }} />
}
