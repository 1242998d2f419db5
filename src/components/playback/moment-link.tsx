import React, { type AnchorHTMLAttributes } from "react"
import type { PlaybackControl } from "../../playback/playback-control"
import { autoplayUrl, opensElsewhere } from "./video-player"

export interface MomentLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "onClick"> {
  /** The episode's player address; null: the video cannot be played, and the moment is plain text. */
  src: string | null | undefined
  /** Whole seconds from the start. */
  seconds: number
  control: PlaybackControl
}

/**
 * A link to a moment of the episode (a chapter, a transcript paragraph). Its
 * address is the host's player at that moment, so before the page's
 * JavaScript has run, and without any, it plays there; after, a plain click
 * plays it in the page: the player opens there, or the open one seeks.
 */
export function MomentLink({ src, seconds, control, children, ...rest }: MomentLinkProps) {
  if (!src) return <span className={rest.className}>{children}</span>
  return (
    <a
      href={autoplayUrl(src, seconds)}
      onClick={(event) => {
        if (opensElsewhere(event)) return
        event.preventDefault()
        control.playFrom(seconds)
      }}
      {...rest}
    >
      {children}
    </a>
  )
}
