import { MAX_RETRY_AFTER_MS, retryAfterMs } from "../../../node-kit/http/retry-after"

describe("retryAfterMs", () => {
  it("reads delay seconds", () => {
    expect(retryAfterMs("3")).toBe(3000)
    expect(retryAfterMs(" 0 ")).toBe(0)
  })

  it("reads an HTTP date against the clock, never below 0", () => {
    const now = Date.UTC(2025, 0, 1, 12, 0, 0)
    expect(retryAfterMs("Wed, 01 Jan 2025 12:00:30 GMT", now)).toBe(30_000)
    expect(retryAfterMs("Wed, 01 Jan 2025 11:00:00 GMT", now)).toBe(0)
  })

  it("caps the wait, by default and when told", () => {
    expect(retryAfterMs("86400")).toBe(MAX_RETRY_AFTER_MS)
    expect(retryAfterMs("120", Date.now(), 30_000)).toBe(30_000)
  })

  it("answers undefined for an absent or unreadable header", () => {
    for (const header of [null, undefined, "", "soon", "-5"]) expect(retryAfterMs(header)).toBeUndefined()
  })
})
