import { useEffect, useLayoutEffect } from "react"

/**
 * `useLayoutEffect` in the browser, where a change it makes is drawn in the
 * same frame as the hydrated page (so nothing visibly jumps), and
 * `useEffect` on the server, where React warns about layout effects.
 */
export const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect
