import { CONTINUE_WATCHING_HINT_SCRIPT } from "../../contract/inline-scripts"
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
