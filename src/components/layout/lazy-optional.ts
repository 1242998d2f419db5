import { lazy, type ComponentType, type LazyExoticComponent } from "react"

const Nothing = () => null

/**
 * A component whose code arrives after the page's and that the page can do
 * without (Save on a search result, Up next, Continue watching). If its
 * download fails (offline, or a chunk gone after a deploy), nothing is drawn
 * in its place: a rejected lazy import would otherwise throw during render,
 * and with no boundary above it React takes the whole page down for one lost
 * request. React keeps the answer, so the part stays away until the next
 * page load.
 */
export function lazyOptional<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyExoticComponent<ComponentType<Props>> {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: Nothing as ComponentType<Props> }),
    ),
  )
}
