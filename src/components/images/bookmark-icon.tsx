import React from "react"

/** The bookmark of My list and Save: outlined, or filled for a saved series. Its control's text names it. */
export const BookmarkIcon = ({ filled = false }: { filled?: boolean }) => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M6 3.5h12v17l-6-4.2-6 4.2z" fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
  </svg>
)
