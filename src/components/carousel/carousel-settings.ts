import type { Settings } from "react-slick"

/** SPEC.md section 9: the multi-item carousel's slides per view by window width. */
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

/** SPEC.md section 9: 1.2 pictures per view on phones, 2 from 640 px (10 px apart, set in CSS). */
export const PICTURE_SETTINGS: Settings = {
  infinite: false,
  arrows: false,
  dots: true,
  slidesToShow: 2,
  slidesToScroll: 1,
  responsive: [{ breakpoint: 639, settings: { slidesToShow: 1.2 } }],
}
