import React from "react"
import styled from "styled-components"
import { theme } from "../../styles/theme"

/** A round icon button in a card's top right corner, over its picture: Share, Remove, Save. */
export const CardIconButton = styled.button`
  position: absolute;
  z-index: 1;
  top: ${theme.space.sm};
  right: ${theme.space.sm};
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border: 0;
  border-radius: 50%;
  background: ${theme.colors.backgroundTranslucentSoft};
  color: ${theme.colors.text};
  cursor: pointer;
  &:hover {
    background: ${theme.colors.accent};
    color: ${theme.colors.accentText};
  }
`

/** The × in a remembered card's corner (Continue watching, My list): `label` names what it removes from where. */
export function RemoveCardButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <CardIconButton type="button" aria-label={label} onClick={onRemove}>
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
    </CardIconButton>
  )
}
