/**
 * On the server (Node, no window): Gatsby renders every page with these
 * modules imported, so importing and calling them must touch nothing of the
 * browser, and the hook must render the empty state.
 */
import { createElement } from "react"
import { renderToString } from "react-dom/server"
import { useViewing } from "../../../src/viewing/use-viewing"
import { EMPTY_VIEWING, readViewing, saveSeries, subscribeViewing, viewingStorageAvailable } from "../../../src/viewing/viewing-store"
import { recordProgress } from "../../../src/viewing/viewing-history"

it("has no window here", () => {
  expect(typeof window).toBe("undefined")
})

it("reads nothing, writes nothing and subscribes to nothing, without throwing", () => {
  expect(viewingStorageAvailable()).toBe(false)
  expect(readViewing()).toBe(EMPTY_VIEWING)
  expect(() => {
    recordProgress({
      episodeId: "e1",
      seconds: 10,
      duration: 100,
      seriesId: null,
      seriesTitle: null,
      episodeTitle: null,
      episodeNumber: null,
      image: null,
    })
    saveSeries({ seriesId: "s1", title: null, image: null })
    subscribeViewing(() => undefined)()
  }).not.toThrow()
})

it("renders the hook as nothing remembered, not hydrated, storage unavailable", () => {
  function Probe() {
    const { state, available, hydrated } = useViewing()
    return createElement("p", null, `${state.history.length} ${state.saved.length} ${available} ${hydrated}`)
  }
  expect(renderToString(createElement(Probe))).toBe("<p>0 0 false false</p>")
})
