import type { Settings } from "react-slick"

/** docs/reference/spec.md section 9: the multi-item carousel's slides per view by window width. */
export const MULTI_ITEM_SETTINGS: Settings = {
  infinite: false,
  arrows: false,
  dots: true,
  slidesToShow: 8,
  slidesToScroll: 1,
  responsive: [
    { breakpoint: 3000, settings: { slidesToShow: 5 } },
    { breakpoint: 1024, settings: { slidesToShow: 3 } },
    { breakpoint: 464, settings: { slidesToShow: 2 } },
  ],
}

/** docs/reference/spec.md section 9: 1.2 pictures per view on phones, 2 from 640 px (10 px apart, set in CSS). */
export const PICTURE_SETTINGS: Settings = {
  infinite: false,
  arrows: false,
  dots: true,
  slidesToShow: 2,
  slidesToScroll: 1,
  responsive: [{ breakpoint: 639, settings: { slidesToShow: 1.2 } }],
}

/**
 * A pagination dot's name: which slides it shows, of how many ("Show items
 * 2–3 of 5"). react-slick makes one dot per scroll position, so a phone
 * showing 2 of 5 has 4 dots; numbered "1"–"4", they said neither what they
 * show nor that there are 5. A part-shown slide (1.2 per view) is not counted.
 */
export function dotLabel(index: number, settings: Pick<Settings, "slidesToShow" | "slidesToScroll">, slideCount: number): string {
  const shown = Math.max(1, Math.floor(settings.slidesToShow ?? 1))
  // Not infinite, the last dot shows the last slides in full, as react-slick scrolls (never past them).
  const from = Math.max(1, Math.min(index * (settings.slidesToScroll ?? 1), slideCount - shown) + 1)
  const to = Math.min(from + shown - 1, slideCount)
  return from === to ? `Show item ${from} of ${slideCount}` : `Show items ${from}–${to} of ${slideCount}`
}
