import { CONTINUE_WATCHING_HINT_SCRIPT, LINKED_MOMENT_SCRIPT } from "../../contract/inline-scripts"
import { PLAY_LINK_LENGTH_ATTRIBUTE } from "../../contract/moment-form"
import { autoplayUrl } from "../../src/components/playback/video-player"
import { parseMoment } from "../../src/playback/moment"
import { CONTINUE_WATCHING_ATTRIBUTE, CONTINUE_WATCHING_HINT_KEY } from "../../src/viewing/storage-key"

/** Runs the home page's head script against a browser's storage holding `stored`; answers the attributes it set on `<html>`. */
function runHintScript(stored: Record<string, string>, storageRefused = false): string[] {
  const set: string[] = []
  const localStorage = {
    getItem: (key: string) => {
      if (storageRefused) throw new DOMException("Access is denied for this document.", "SecurityError")
      return stored[key] ?? null
    },
  }
  const document = { documentElement: { setAttribute: (name: string) => set.push(name) } }
  new Function("localStorage", "document", CONTINUE_WATCHING_HINT_SCRIPT)(localStorage, document)
  return set
}

describe("the home page's Continue watching hint script", () => {
  it("turns on the attribute the home page's CSS reads when the store's hint is set, and only then", () => {
    expect(runHintScript({ [CONTINUE_WATCHING_HINT_KEY]: "1" })).toEqual([CONTINUE_WATCHING_ATTRIBUTE])
    expect(runHintScript({})).toEqual([])
    expect(runHintScript({ [CONTINUE_WATCHING_HINT_KEY]: "0" })).toEqual([])
  })

  it("does nothing, and throws nothing, where the browser refuses storage", () => {
    expect(runHintScript({ [CONTINUE_WATCHING_HINT_KEY]: "1" }, true)).toEqual([])
  })
})

/**
 * Runs the episode page's head script for an address with `search`, on a page whose play link is marked with the
 * video's length (`length`); answers the fragment it gave the link, "" for none, once the link has been parsed.
 */
function runLinkedMomentScript(search: string, length: string): string {
  let observed: (() => void) | null = null
  let disconnected = false
  const link = { hash: "", getAttribute: (name: string) => (name === PLAY_LINK_LENGTH_ATTRIBUTE ? length : null) }
  class FakeMutationObserver {
    constructor(callback: () => void) {
      observed = callback
    }
    observe() {}
    disconnect() {
      disconnected = true
    }
  }
  let parsed = false
  const document = { querySelector: (selector: string) => (parsed && selector === `a[${PLAY_LINK_LENGTH_ATTRIBUTE}]` ? link : null) }
  new Function("location", "document", "MutationObserver", "addEventListener", LINKED_MOMENT_SCRIPT)({ search }, document, FakeMutationObserver, () => undefined)
  // The head has been parsed, then the player's part of the body.
  ;(observed as (() => void) | null)?.()
  parsed = true
  ;(observed as (() => void) | null)?.()
  if (observed) expect(disconnected).toBe(true)
  return link.hash
}

describe("the episode page's linked moment script", () => {
  const forms = ["90", "90s", "1m30s", "2M5S", "1h2m3s", "1h", "0001", "", "0", "0s", "-5", "1.5", "abc", "1:30", "1e3", "9999999", "m", "1s2m", "Infinity", "599", "600", "601"]

  it.each(["", "600"])("moves the play link to the moment parseMoment reads, and leaves it alone where parseMoment reads none (video length %p)", (length) => {
    for (const t of forms) {
      const moment = parseMoment(t, Number(length) || null)
      expect([t, runLinkedMomentScript(`?t=${encodeURIComponent(t)}`, length)]).toEqual([t, moment === null ? "" : `t=${moment}s`])
    }
  })

  it("reads t among the query's other parameters, and nothing without one", () => {
    expect(runLinkedMomentScript("?utm_source=x&t=1m30s", "1800")).toBe("t=90s")
    expect(runLinkedMomentScript("", "1800")).toBe("")
    expect(runLinkedMomentScript("?time=90", "1800")).toBe("")
  })

  it("is the fragment the page's own code gives the play link for the moment", () => {
    const href = autoplayUrl("https://player.example/video/7", 90)
    expect(new URL(href).hash).toBe(`#${runLinkedMomentScript("?t=90", "")}`)
  })
})
