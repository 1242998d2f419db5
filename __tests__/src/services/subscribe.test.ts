import { SUBSCRIBE_MESSAGES, subscribe } from "../../../src/services/subscribe"

const API = "http://127.0.0.1:4000/api"

function answer(status: number, body: unknown): Response {
  const text = typeof body === "string" ? body : JSON.stringify(body)
  return new Response(text, { status, headers: { "Content-Type": "application/json" } })
}

const answering = (response: Response) => jest.spyOn(globalThis, "fetch").mockResolvedValue(response)

afterEach(() => {
  jest.restoreAllMocks()
  jest.useRealTimers()
})

describe("subscribe", () => {
  it("posts the address as JSON to /subscribe and succeeds on success: true", async () => {
    const fetchMock = answering(answer(200, { success: true, message: "Subscribed" }))
    await expect(subscribe(`${API}/`, "ada@example.com")).resolves.toEqual({ ok: true })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe(`${API}/subscribe`)
    expect(init?.method).toBe("POST")
    expect(JSON.parse(String(init?.body))).toEqual({ email: "ada@example.com" })
  })

  it.each([
    ["success false with a message: the message", 200, { success: false, message: "Not now." }, "Not now."],
    ["success false without one: 'Subscription failed.'", 200, { success: false }, SUBSCRIBE_MESSAGES.failed],
    ["a 400: the server's message", 400, { message: "Already subscribed." }, "Already subscribed."],
    ["a 400 without a message: the generic text", 400, {}, SUBSCRIBE_MESSAGES.error],
    ["a 500 with a message: the message", 500, { message: "Try later." }, "Try later."],
    ["a 503 without a message: the generic text", 503, {}, SUBSCRIBE_MESSAGES.error],
    ["a body that is not JSON: the generic text", 502, "<html>Bad gateway</html>", SUBSCRIBE_MESSAGES.error],
    ["a blank message: the generic text", 500, { message: "  " }, SUBSCRIBE_MESSAGES.error],
  ])("on %s", async (_case, status, body, message) => {
    answering(answer(status, body))
    await expect(subscribe(API, "ada@example.com")).resolves.toEqual({ ok: false, message })
  })

  it("with no answer at all asks the visitor to check the network", async () => {
    jest.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"))
    await expect(subscribe(API, "ada@example.com")).resolves.toEqual({ ok: false, message: SUBSCRIBE_MESSAGES.noResponse })
  })

  it("counts an answer slower than the timeout as none, and cancels the request", async () => {
    jest.useFakeTimers()
    let signal: AbortSignal | undefined
    jest.spyOn(globalThis, "fetch").mockImplementation((_url, init) => {
      signal = init?.signal ?? undefined
      return new Promise((_resolve, reject) => signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError"))))
    })
    const outcome = subscribe(API, "ada@example.com", 15_000)
    await jest.advanceTimersByTimeAsync(14_999)
    expect(signal?.aborted).toBe(false)
    await jest.advanceTimersByTimeAsync(1)
    await expect(outcome).resolves.toEqual({ ok: false, message: SUBSCRIBE_MESSAGES.noResponse })
    expect(signal?.aborted).toBe(true)
  })
})

describe("subscribe offline", () => {
  const setOnLine = (onLine: boolean) => Object.defineProperty(globalThis, "navigator", { value: { onLine }, configurable: true })
  const original = Object.getOwnPropertyDescriptor(globalThis, "navigator")
  afterEach(() => {
    if (original) Object.defineProperty(globalThis, "navigator", original)
    else delete (globalThis as { navigator?: unknown }).navigator
  })

  it("sends nothing and says the device is offline, not that anything failed", async () => {
    setOnLine(false)
    const fetchMock = jest.spyOn(globalThis, "fetch")
    await expect(subscribe(API, "ada@example.com")).resolves.toEqual({ ok: false, message: SUBSCRIBE_MESSAGES.offline })
    expect(fetchMock).not.toHaveBeenCalled()
    expect(SUBSCRIBE_MESSAGES.offline).not.toMatch(/error|fail/i)
  })

  it("says the same when the network went while the request was out", async () => {
    setOnLine(true)
    jest.spyOn(globalThis, "fetch").mockImplementation(async () => {
      setOnLine(false)
      throw new TypeError("Failed to fetch")
    })
    await expect(subscribe(API, "ada@example.com")).resolves.toEqual({ ok: false, message: SUBSCRIBE_MESSAGES.offline })
  })
})
