import React, { useEffect, useId, useRef, type ReactNode } from "react"
import styled from "styled-components"
import { theme } from "../../styles/theme"

// Anchored at the top, not centred as the browser does: a dialog that grows as its content arrives
// then grows downwards, and nothing already in it moves.
const Frame = styled.dialog`
  width: calc(100% - 2 * ${theme.space.md});
  max-width: 34rem;
  margin: ${theme.space.lg} auto auto;
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.card};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  box-shadow: ${theme.shadows.card};
  &::backdrop {
    background: ${theme.colors.backgroundTranslucentSoft};
  }
`

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${theme.space.md};
  h2 {
    margin: 0;
    font-size: ${theme.fontSizes.lg};
  }
  h2:focus {
    outline: none;
  }
`

interface ModalDialogProps {
  /** The dialog's heading, which names it and takes the focus when it opens (what it says is read from the top). */
  title: string
  /** After the dialog has closed, by Escape or by `close`. */
  onClose: () => void
  /** The heading row's own control (a Close button), given the function that closes the dialog. */
  headerAction?: (close: () => void) => ReactNode
  children: (close: () => void) => ReactNode
}

/**
 * A modal dialog (the browser's own `<dialog>`, `showModal`): the rest of the
 * page is inert, Tab stays inside, Escape closes it and the focus goes back
 * where it was. Laid over the page, it moves nothing in it. Open while mounted.
 */
export function ModalDialog({ title, onClose, headerAction, children }: ModalDialogProps) {
  const titleId = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const closed = useRef(onClose)
  useEffect(() => {
    closed.current = onClose
  })
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const close = () => closed.current()
    element.addEventListener("close", close)
    if (!element.open) element.showModal()
    heading.current?.focus()
    return () => {
      element.removeEventListener("close", close)
      if (element.open) element.close()
    }
  }, [])
  const close = () => dialog.current?.close()
  return (
    <Frame ref={dialog} aria-labelledby={titleId}>
      <Header>
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {title}
        </h2>
        {/* eslint-disable-next-line react-hooks/refs -- close reads the dialog only when called, from a button's click */}
        {headerAction?.(close)}
      </Header>
      {/* eslint-disable-next-line react-hooks/refs -- close reads the dialog only when called, from a button's click */}
      {children(close)}
    </Frame>
  )
}
