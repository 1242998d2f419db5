import React, { memo, Suspense, type ComponentType } from "react"

/**
 * `Component` as a part of the page that React takes over after the first
 * screen. React 18 hydrates a page in one task, which a phone's CPU turns
 * into a long one; a Suspense boundary the server rendered whole is left out of that
 * task and hydrated afterwards at React's lowest priority, a few
 * milliseconds at a time. Its server HTML is on the page from the start and
 * works as HTML meanwhile (its links are links); a click, key or focus on it
 * before then has React hydrate it at once and handle the event.
 *
 * Memoised, and so its props must keep their identity from render to render:
 * a boundary still waiting that receives new props is rendered afresh on the
 * client, its server HTML thrown away, and React reports an error.
 */
export function hydratedLater<Props extends object>(Component: ComponentType<Props>) {
  function Later(props: Props) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    )
  }
  Later.displayName = `HydratedLater(${Component.displayName ?? Component.name})`
  return memo(Later)
}
