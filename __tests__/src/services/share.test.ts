/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://localhost/detail/1002"}
 */
import { SHARE_UNSUPPORTED, sharePage } from "../../../src/services/share"

afterEach(() => {
  jest.restoreAllMocks()
  // jsdom has no Web Share API; the tests that add one take it away again.
  delete (navigator as { share?: unknown }).share
})

const withShare = (share: jest.Mock) => Object.defineProperty(navigator, "share", { value: share, configurable: true })

describe("sharePage", () => {
  it("shares the title and the current page's address", async () => {
    const share = jest.fn().mockResolvedValue(undefined)
    withShare(share)
    await sharePage("Sun Salutation")
    expect(share).toHaveBeenCalledWith({ title: "Sun Salutation", url: "http://localhost/detail/1002" })
  })

  it("says so when the browser cannot share", async () => {
    const alert = jest.spyOn(window, "alert").mockImplementation(() => undefined)
    await sharePage("Sun Salutation")
    expect(alert).toHaveBeenCalledWith(SHARE_UNSUPPORTED)
  })

  it("takes a closed share sheet quietly, and logs a real failure", async () => {
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined)
    withShare(jest.fn().mockRejectedValue(new DOMException("Share canceled", "AbortError")))
    await sharePage("A")
    expect(logged).not.toHaveBeenCalled()
    withShare(jest.fn().mockRejectedValue(new DOMException("Not allowed", "NotAllowedError")))
    await sharePage("B")
    expect(logged).toHaveBeenCalledWith("Sharing failed:", expect.any(DOMException))
  })
})
