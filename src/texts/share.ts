import type { TakeLink } from "../viewing/take-link/make-take-link"

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** What the "Continue on another device" dialog says. */
export const SHARE_TEXTS = {
  making: "Making the link…",
  notMade: "This browser could not make the link.",
  lead: "Scan the code with the other device's camera, or send yourself the link. My list and where you stopped travel inside the link itself: nothing is sent to us.",
  qrLabel: "QR code of the link below",
  link: "Link",
  copy: "Copy link",
  copied: "Link copied.",
  copyRefused: "This browser did not let the page copy: select the link and copy it.",
  close: "Close",
} as const

function carriedSeries({ carried, total }: TakeLink): string {
  if (carried.saved === total.saved) return `all ${count(total.saved, "saved series", "saved series")}`
  return `your ${carried.saved} most recently saved series (of ${total.saved})`
}

function carriedPositions({ carried, total }: TakeLink): string {
  if (carried.history === total.history) return `where you stopped in all ${count(total.history, "episode", "episodes")}`
  if (carried.history === 0) return `none of where you stopped (${count(total.history, "episode", "episodes")})`
  return `where you stopped in your ${count(carried.history, "most recent episode", "most recent episodes")} (of ${total.history})`
}

/** Said when the list did not all fit: what the link carries, and that the rest stays. */
export const tooLongText = (link: TakeLink) =>
  `Your list is too long for one link, so this one carries ${[carriedSeries(link), carriedPositions(link)].join(" and ")}. The rest stays in this browser.`
