import React from "react"

/** The id the first paint waits for (`<link rel="expect">` in gatsby-ssr.tsx). */
export const FIRST_SCREEN_END_ID = "first-screen-end"

/**
 * Marks where the part of a page that is in view at first ends: its hero or
 * player. On a slow or loaded connection the HTML arrives in parts and the
 * browser paints what it has parsed; a hero's text sits at the hero's bottom,
 * so text painted half-parsed climbed as the rest arrived (a layout shift).
 * Holding the first paint until this point is parsed means what is painted
 * first is already in its place; what comes later only adds below it.
 * Pages without one paint once the whole HTML is parsed.
 */
export function FirstScreenEnd() {
  return <span id={FIRST_SCREEN_END_ID} hidden />
}
