import React from "react"
import styled from "styled-components"
import { formatClock } from "../../playback/format-clock"
import { Button } from "../../styles/layout"
import { PlayIcon } from "../images/play-icon"
import { theme } from "../../styles/theme"

const Choices = styled.div`
  position: absolute;
  inset: 0;
  z-index: 1;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  align-content: center;
  gap: ${theme.space.md};
  padding: ${theme.space.md};
  background: ${theme.colors.posterScrim};
`

const FromStart = styled(Button)`
  background: ${theme.colors.backgroundTranslucentSoft};
`

export interface ResumeChoicesProps {
  /** Seconds into the episode where the visitor stopped. */
  resumeAt: number
  onStart(seconds: number): void
}

/** The player's two ways in for a visitor who stopped part-way: where they stopped, or from the start. */
export function ResumeChoices({ resumeAt, onStart }: ResumeChoicesProps) {
  return (
    <Choices>
      <Button type="button" onClick={() => onStart(resumeAt)}>
        <PlayIcon size={20} />
        Resume from {formatClock(resumeAt)}
      </Button>
      <FromStart type="button" $variant="ghost" onClick={() => onStart(0)}>
        Play from start
      </FromStart>
    </Choices>
  )
}
