import { startTransition, type ReactElement } from "react"
import { hydrateRoot } from "react-dom/client"

/**
 * How React takes over the server's HTML: as a transition. Gatsby's own
 * hydrateRoot runs at React 18's default priority, which renders the whole
 * page in one task without yielding: on a phone's CPU an episode page with
 * chapters and a transcript blocked the main thread for hundreds of
 * milliseconds. In a transition React renders a few milliseconds at a time
 * and yields in between (Remix's entry starts React the same way); a click
 * or key on the page before it has finished makes React finish at once and
 * handle the event. The page is HTML meanwhile: its links work.
 */
export function hydrateAsTransition(element: ReactElement, container: Element): void {
  startTransition(() => {
    hydrateRoot(container, element)
  })
}

/**
 * Whether the server wrote the page, so there is HTML to take over: Gatsby's
 * own renderer draws a page whose `gatsby-focus-wrapper` is empty instead.
 */
export function serverWrotePage(): boolean {
  return (document.getElementById("gatsby-focus-wrapper")?.children.length ?? 0) > 0
}

/**
 * A task boundary before Gatsby goes on to its router, its loader and the
 * page's data request. Gatsby starts those in the same task that evaluates
 * every module of its bundle (React DOM, styled-components adopting the
 * server's styles, the router): on a phone's CPU one long task that kept a
 * tap or a scroll waiting. Ending the task there lets the browser handle
 * input and paint in between; the rest follows at once.
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
