import type { Unreadable } from "../../viewing/take-link/read-take-link"
import type { TakeLink } from "../../viewing/take-link/make-take-link"
import type { TakeAdditions } from "../../viewing/take-link/merge-viewing"

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** What "Continue on another device" says, on both devices. */
export const ANOTHER_DEVICE_TEXTS = {
  open: "Continue on another device",
  making: "Making the link…",
  notMade: "This browser could not make the link.",
  notLoaded: "The link could not be made: this page needs a connection the first time. Try again once you are online.",
  lead: "Scan the code with the other device's camera, or send yourself the link. My list and where you stopped travel inside the link itself: nothing is sent to us.",
  qrLabel: "QR code of the link below",
  link: "Link",
  copy: "Copy link",
  copied: "Link copied.",
  copyRefused: "This browser did not let the page copy: select the link and copy it.",
  close: "Close",
  takeTitle: "Add a list from another device?",
  seriesHeading: "Series to add to My list",
  positionsHeading: "Where you stopped",
  add: "Add to this browser",
  cancel: "Cancel",
  nothingNew: "Everything this link carries is already in this browser.",
  noStorage: "This browser is not keeping data for this site (a private window, or storage turned off), so the list cannot be added here.",
  refused: "This browser did not let the site keep the list (its storage may be full). Nothing was added.",
  cancelled: "Nothing was added.",
  unreadable: {
    damaged: "This link is damaged or incomplete, so there is nothing to add. Ask for a new one with “Continue on another device”.",
    format: "This link was made by another version of the site and cannot be read here. Ask for a new one with “Continue on another device”.",
    browser: "This browser cannot read this link. Open it in an up-to-date browser.",
  } satisfies Record<Unreadable, string>,
  noScript: "A link from “Continue on another device” needs JavaScript too, to add its list here.",
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

/** Said for entries of the link that broke the rules and were left out. */
export const leftOutText = (leftOut: number) => `${count(leftOut, "entry", "entries")} in the link could not be read and ${leftOut === 1 ? "is" : "are"} left out.`

/** The status line once a list is added: "Added 2 series and where you stopped in 1 episode." */
export function addedText({ series, positions }: TakeAdditions): string {
  const parts = [
    series.length > 0 ? count(series.length, "series", "series") + " to My list" : "",
    positions.length > 0 ? `where you stopped in ${count(positions.length, "episode", "episodes")}` : "",
  ].filter(Boolean)
  return parts.length === 0 ? ANOTHER_DEVICE_TEXTS.nothingNew : `Added ${parts.join(" and ")}.`
}
