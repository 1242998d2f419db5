import type { ViewingState } from "../viewing-types"
import { deflateToBase64Url } from "./deflate-text"
import { LINK_LIMIT, TAKE_FORMAT, toWire } from "./take-link-format"
import { TAKE_KEY } from "./take-link-gate"

/** A link to continue on another device, and how much of the list it carries. */
export interface TakeLink {
  url: string
  carried: { saved: number; history: number }
  total: { saved: number; history: number }
}

/** The largest count, up to `count`, whose link fits LINK_LIMIT (a link grows with what it carries, so halving finds it). */
async function mostThatFits(count: number, link: (count: number) => Promise<string>): Promise<number> {
  if ((await link(count)).length <= LINK_LIMIT) return count
  let fits = 0
  let over = count
  while (over - fits > 1) {
    const middle = Math.floor((fits + over) / 2)
    if ((await link(middle)).length <= LINK_LIMIT) fits = middle
    else over = middle
  }
  return fits
}

/**
 * The link to `page` (the receiving My list, an absolute URL) carrying the
 * state, at most LINK_LIMIT characters: every saved series and position when
 * they fit, else the most recently saved series that fit, then the most
 * recent positions that fit beside them. My list goes first: it is what the
 * visitor chose to keep; a position is found again by watching.
 */
export async function makeTakeLink(state: ViewingState, page: string): Promise<TakeLink> {
  const linkOf = async (saved: number, history: number) => `${page}#${TAKE_KEY}=${TAKE_FORMAT}.${await deflateToBase64Url(JSON.stringify(toWire(state, saved, history)))}`
  const saved = await mostThatFits(state.saved.length, (count) => linkOf(count, 0))
  const history = await mostThatFits(state.history.length, (count) => linkOf(saved, count))
  return {
    url: await linkOf(saved, history),
    carried: { saved, history },
    total: { saved: state.saved.length, history: state.history.length },
  }
}
