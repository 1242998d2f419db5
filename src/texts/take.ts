import type { Unreadable } from "../viewing/take-link/read-take-link"
import type { TakeAdditions } from "../viewing/take-link/merge-viewing"

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** What My list says when it was opened with a take link. */
export const TAKE_TEXTS = {
  title: "Add a list from another device?",
  seriesHeading: "Series to add to My list",
  positionsHeading: "Where you stopped",
  add: "Add to this browser",
  cancel: "Cancel",
  close: "Close",
  nothingNew: "Everything this link carries is already in this browser.",
  noStorage: "This browser is not keeping data for this site (a private window, or storage turned off), so the list cannot be added here.",
  refused: "This browser did not let the site keep the list (its storage may be full). Nothing was added.",
  cancelled: "Nothing was added.",
  unreadable: {
    damaged: "This link is damaged or incomplete, so there is nothing to add. Ask for a new one with “Continue on another device”.",
    format: "This link was made by another version of the site and cannot be read here. Ask for a new one with “Continue on another device”.",
    browser: "This browser cannot read this link. Open it in an up-to-date browser.",
  } satisfies Record<Unreadable, string>,
} as const

/** Said for entries of the link that broke the rules and were left out. */
export const leftOutText = (leftOut: number) => `${count(leftOut, "entry", "entries")} in the link could not be read and ${leftOut === 1 ? "is" : "are"} left out.`

/** The status line once a list is added: "Added 2 series to My list and where you stopped in 1 episode." */
export function addedText({ series, positions }: TakeAdditions): string {
  const parts = [
    series.length > 0 ? `${count(series.length, "series", "series")} to My list` : "",
    positions.length > 0 ? `where you stopped in ${count(positions.length, "episode", "episodes")}` : "",
  ].filter(Boolean)
  return parts.length === 0 ? TAKE_TEXTS.nothingNew : `Added ${parts.join(" and ")}.`
}
