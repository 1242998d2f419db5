import React, { useRef, useState, type ReactNode, type RefObject } from "react"
import styled from "styled-components"
import Slider, { type Settings } from "react-slick"
import { bareList } from "../../styles/layout"
import { useIsomorphicLayoutEffect } from "../../hooks/use-isomorphic-layout-effect"
import { DOT_TARGET, PENDING_ATTRIBUTE, serverGeometry } from "./server-geometry"
import { useInertHiddenSlides } from "./use-inert-hidden-slides"
import { dotLabel } from "./carousel-settings"
import { useResponsiveSettings } from "./use-responsive-settings"
import { useSwipeThreshold } from "./use-swipe-threshold"
import { theme } from "../../styles/theme"

const Region = styled.div<{ $settings: Settings; $slideCount: number }>`
  ${({ $settings, $slideCount }) => !$settings.fade && serverGeometry($settings, $slideCount)}
  position: relative;
  /* Inside a grid or flex item slick measures its own track; without this the two grow each other without end. */
  min-width: 0;
  &:focus-visible {
    outline-offset: -3px;
  }
  .slick-dots {
    ${bareList}
    position: static;
    display: flex !important;
    justify-content: center;
    gap: ${theme.space.xs};
    margin-top: ${theme.space.md};
  }
  .slick-dots li button {
    width: ${DOT_TARGET};
    height: ${DOT_TARGET};
    padding: 0;
    border: 0;
    background: transparent;
    cursor: pointer;
    font-size: 0;
  }
  .slick-dots li button::before {
    content: "";
    display: block;
    width: 0.75rem;
    height: 0.75rem;
    margin: auto;
    border-radius: 50%;
    background: ${theme.colors.mutedText};
    transition: transform 0.2s, background-color 0.2s;
  }
  .slick-dots .slick-active button::before {
    background: ${theme.colors.accent};
    transform: scale(1.35);
  }
  /* Forced colours paint every background the page's Canvas colour: the dots would vanish, and the
     current one with them. System colours instead, the current one the highlight. */
  @media (forced-colors: active) {
    .slick-dots li button::before {
      forced-color-adjust: none;
      background: CanvasText;
    }
    .slick-dots .slick-active button::before {
      background: Highlight;
    }
  }
`

/**
 * react-slick marks the current dot only with a class on its list item:
 * its button also says so to screen readers (aria-current), so the dots
 * read as "Show items 1–2 of 5, current".
 */
function markCurrentDot(dots: ReactNode): ReactNode {
  return React.Children.map(dots, (dot) => {
    if (!React.isValidElement<{ className?: string; children?: ReactNode }>(dot)) return dot
    const current = /\bslick-active\b/.test(dot.props.className ?? "")
    const button = dot.props.children
    if (!current || !React.isValidElement<{ "aria-current"?: string }>(button)) return dot
    return React.cloneElement(dot, undefined, React.cloneElement(button, { "aria-current": "true" }))
  })
}

export interface CarouselProps {
  /** What the carousel shows, for screen readers ("Highlights"). */
  label: string
  settings: Settings
  children: ReactNode
  /** Drawn over the slides inside the carousel's region (headline, buttons). */
  overlay?: ReactNode
  sliderRef?: RefObject<Slider>
  className?: string
}

/**
 * react-slick with the behaviour docs/reference/spec.md asks of every carousel: arrow keys
 * move it, an 80 px drag or swipe changes the slide, and hidden or cloned
 * slides hold nothing a keyboard can reach.
 */
export function Carousel({ label, settings, children, overlay, sliderRef, className }: CarouselProps) {
  const root = useRef<HTMLDivElement>(null)
  const ownSlider = useRef<Slider>(null)
  const slider = sliderRef ?? ownSlider
  useInertHiddenSlides(root)
  const touchThreshold = useSwipeThreshold(root)
  const activeSettings = useResponsiveSettings(settings)
  const slideCount = React.Children.count(children)
  // Until react-slick has measured itself the CSS holds the final geometry;
  // it lets go in the same frame as react-slick takes over.
  const [pending, setPending] = useState(true)
  useIsomorphicLayoutEffect(() => setPending(false), [])

  // react-slick's own key handling listens on its track, which never has focus;
  // the region takes focus instead and moves the slider itself.
  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === "ArrowLeft") slider.current?.slickPrev()
    else if (event.key === "ArrowRight") slider.current?.slickNext()
    else return
    event.preventDefault()
  }

  return (
    <Region
      ref={root}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className={className}
      $settings={settings}
      $slideCount={slideCount}
      {...{ [PENDING_ATTRIBUTE]: pending ? "" : undefined }}
    >
      <Slider
        ref={slider}
        {...activeSettings}
        customPaging={activeSettings.customPaging ?? ((index) => <button type="button" aria-label={dotLabel(index, activeSettings, slideCount)} />)}
        appendDots={(dots) => (activeSettings.appendDots ?? ((marked) => <ul>{marked}</ul>))(markCurrentDot(dots))}
        accessibility={false}
        touchThreshold={touchThreshold}
      >
        {children}
      </Slider>
      {overlay}
    </Region>
  )
}
