import React from "react"
import styled from "styled-components"
import { PAGE_LANGUAGE } from "../../page-language"
import { formatClock } from "../../playback/format-clock"
import type { PlaybackControl } from "../../playback/playback-control"
import { VisuallyHidden } from "../../styles/layout"
import { orderTranscripts, type EpisodeTranscriptText } from "../../transcript-order"
import { MomentLink } from "./moment-link"
import { theme } from "../../styles/theme"

// Disclosures, so the transcript is in the HTML for everyone (and search engines) and opens without JavaScript.
const Disclosure = styled.details`
  max-width: 48rem;
  margin: ${theme.space.md} 0;
  & > summary {
    min-height: 2.75rem;
    padding: ${theme.space.sm} 0;
    font-weight: 700;
    cursor: pointer;
  }
`

const Outer = styled(Disclosure)`
  & > summary {
    font-size: ${theme.fontSizes.lg};
  }
`

const Paragraph = styled.p`
  display: grid;
  grid-template-columns: 4.5rem 1fr;
  gap: ${theme.space.sm};
  margin: 0 0 ${theme.space.sm};
  color: ${theme.colors.mutedText};
`

const Stamp = styled(MomentLink)`
  color: ${theme.colors.accent};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`

interface TranscriptProps {
  transcript: EpisodeTranscriptText
  src: string | null | undefined
  control: PlaybackControl
}

/** One transcript's paragraphs, marked with its language, each with the moment it starts as a link. */
function Paragraphs({ transcript, src, control }: TranscriptProps) {
  return (
    <div lang={transcript.language}>
      {transcript.paragraphs.map((paragraph, index) => {
        const seconds = Math.floor(paragraph.start)
        return (
          <Paragraph key={index}>
            <Stamp src={src} seconds={seconds} control={control}>
              <VisuallyHidden>Play from </VisuallyHidden>
              {formatClock(seconds)}
            </Stamp>{" "}
            <span>{paragraph.text}</span>
          </Paragraph>
        )
      })}
    </div>
  )
}

export interface EpisodeTranscriptProps {
  transcripts: readonly EpisodeTranscriptText[]
  src: string | null | undefined
  control: PlaybackControl
}

/**
 * The video's transcripts under a "Transcript" disclosure: the one in the
 * page's language first and shown when it opens, each other language behind
 * a disclosure of its own (named by the host's label). Nothing when there are none.
 */
export function EpisodeTranscript({ transcripts, src, control }: EpisodeTranscriptProps) {
  if (transcripts.length === 0) return null
  const [first, ...others] = orderTranscripts(transcripts, PAGE_LANGUAGE)
  return (
    <Outer>
      <summary>Transcript</summary>
      {others.map((transcript) => (
        // The label too is in the track's language ("Español"), as a choice of languages names each in its own.
        <Disclosure key={`${transcript.language} ${transcript.label}`} lang={transcript.language}>
          <summary>{transcript.label}</summary>
          <Paragraphs transcript={transcript} src={src} control={control} />
        </Disclosure>
      ))}
      <Paragraphs transcript={first!} src={src} control={control} />
    </Outer>
  )
}
