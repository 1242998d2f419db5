import React from "react"
import { SITE_NAME } from "./brand-logo"

export interface SeoProps {
  title: string | null | undefined
  description?: string | null
}

/** Title and meta description for the Head API, from the catalogue's own text. */
export function Seo({ title, description }: SeoProps) {
  return (
    <>
      <title>{title ? `${title} | ${SITE_NAME}` : SITE_NAME}</title>
      {description && <meta name="description" content={description} />}
    </>
  )
}
