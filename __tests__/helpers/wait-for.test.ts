import { waitFor } from "./wait-for"

describe("waitFor", () => {
  it("returns the probe's first answer that is not undefined, null or false", async () => {
    const answers = [undefined, null, false, 0, 1]
    await expect(waitFor(() => answers.shift(), { timeout: 10_000, what: "a number", interval: 1 })).resolves.toBe(0)
  })

  it("keeps asking a probe that throws until it answers", async () => {
    let asked = 0
    const answer = await waitFor(
      async () => {
        asked++
        if (asked < 3) throw new Error("connection refused")
        return { ready: true }
      },
      { timeout: 10_000, what: "the server", interval: 1 },
    )
    expect(answer).toEqual({ ready: true })
    expect(asked).toBe(3)
  })

  it("fails naming what it waited for, the timeout and the probe's last error, kept as the cause", async () => {
    let asked = 0
    const failure = await waitFor(
      () => {
        asked++
        throw new TypeError(`status is undefined (attempt ${asked})`)
      },
      { timeout: 0, what: "the first release" },
    ).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Error)
    expect((failure as Error).message).toBe("Timed out after 0.0 s waiting for the first release; the probe last threw: status is undefined (attempt 1)")
    expect((failure as Error).cause).toBeInstanceOf(TypeError)
    expect(((failure as Error).cause as Error).stack).toContain("status is undefined")
  })

  it("reports the last error, not an earlier one", async () => {
    // The third answer comes only after the deadline, however slow the machine,
    // so the wait ends on it and no earlier one.
    const timeout = 2_000
    const deadline = Date.now() + timeout
    const errors = ["first", "second"]
    const failure = await waitFor(
      async () => {
        const error = errors.shift()
        if (error) throw new Error(error)
        while (Date.now() <= deadline) await new Promise((resolve) => setTimeout(resolve, deadline - Date.now() + 1))
        throw new Error("last")
      },
      { timeout, what: "an answer", interval: 1 },
    ).catch((error: Error) => error)
    expect(failure.message).toBe("Timed out after 2.0 s waiting for an answer; the probe last threw: last")
  })

  it("fails with the probe's last answer when it never threw", async () => {
    await expect(waitFor(() => false, { timeout: 0, what: "the queue to empty" })).rejects.toThrow(
      new Error("Timed out after 0.0 s waiting for the queue to empty; the probe last answered false"),
    )
    await expect(waitFor(() => null, { timeout: 0, what: "a frame" })).rejects.toThrow("waiting for a frame; the probe last answered null")
  })

  it("asks a `what` function only when it fails, for the state there was instead", async () => {
    let described = 0
    const received = [1, 2]
    const what = () => {
      described++
      return `3 requests (${received.length} came)`
    }
    await expect(waitFor(() => received.length >= 2, { timeout: 0, what })).resolves.toBe(true)
    expect(described).toBe(0)
    await expect(waitFor(() => received.length >= 3, { timeout: 0, what })).rejects.toThrow("Timed out after 0.0 s waiting for 3 requests (2 came); the probe last answered false")
  })

  it("still fails with the timeout when describing what it waited for fails", async () => {
    const what = () => Promise.reject(new Error("status unreachable"))
    await expect(waitFor(() => false, { timeout: 0, what })).rejects.toThrow(
      new Error("Timed out after 0.0 s waiting for something it could not describe (Error: status unreachable); the probe last answered false"),
    )
  })

  it("waits in real time while the test fakes the clock", async () => {
    jest.useFakeTimers()
    try {
      let ready = false
      void Promise.resolve().then(() => (ready = true))
      await expect(waitFor(() => ready, { timeout: 10_000, what: "the flag", interval: 1 })).resolves.toBe(true)
    } finally {
      jest.useRealTimers()
    }
  })
})
