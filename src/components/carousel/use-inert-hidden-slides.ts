import { useEffect, type RefObject } from "react"

const FOCUSABLE = "a[href], button, input, select, textarea, iframe, [tabindex]"
const MARK = "data-inert-slide"

/**
 * react-slick marks off-screen and cloned slides `aria-hidden` but leaves
 * their links and buttons in the tab order: keyboard users land on things
 * they cannot see, and axe reports `aria-hidden-focus`. This keeps every
 * hidden slide `inert` with its focusable descendants out of the tab order,
 * and undoes it when the slide comes into view.
 */
export function useInertHiddenSlides(root: RefObject<HTMLElement>): void {
  useEffect(() => {
    const container = root.current
    if (!container) return
    const sync = () => {
      container.querySelectorAll<HTMLElement>(".slick-slide").forEach((slide) => {
        const hidden = slide.getAttribute("aria-hidden") === "true"
        slide.toggleAttribute("inert", hidden)
        slide.querySelectorAll<HTMLElement>(FOCUSABLE).forEach((element) => {
          if (hidden && !element.hasAttribute(MARK)) {
            element.setAttribute(MARK, element.getAttribute("tabindex") ?? "")
            element.setAttribute("tabindex", "-1")
          } else if (!hidden && element.hasAttribute(MARK)) {
            const original = element.getAttribute(MARK)
            if (original) element.setAttribute("tabindex", original)
            else element.removeAttribute("tabindex")
            element.removeAttribute(MARK)
          }
        })
      })
    }
    sync()
    // Slides change their aria-hidden on every move, and the track re-renders on resize.
    const observer = new MutationObserver(sync)
    observer.observe(container, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-hidden"] })
    return () => observer.disconnect()
  }, [root])
}
