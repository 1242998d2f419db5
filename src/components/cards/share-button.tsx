import React from "react"
import { sharePage } from "../../services/share"
import { CardIconButton } from "./card-icon-button"

/** The share icon on an episode card: the episode's title with the current page's address. */
export function ShareButton({ title }: { title: string }) {
  return (
    <CardIconButton type="button" aria-label={`Share ${title}`} onClick={() => void sharePage(title)}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M18 16.1c-.8 0-1.5.3-2 .8l-7.1-4.2c.1-.2.1-.5.1-.7s0-.5-.1-.7L16 7.2c.5.5 1.2.8 2 .8 1.7 0 3-1.3 3-3s-1.3-3-3-3-3 1.3-3 3c0 .2 0 .5.1.7L8 9.8C7.5 9.3 6.8 9 6 9c-1.7 0-3 1.3-3 3s1.3 3 3 3c.8 0 1.5-.3 2-.8l7.1 4.2c-.1.2-.1.4-.1.6 0 1.6 1.3 2.9 2.9 2.9s2.9-1.3 2.9-2.9-1.2-2.9-2.8-2.9z"
        />
      </svg>
    </CardIconButton>
  )
}
