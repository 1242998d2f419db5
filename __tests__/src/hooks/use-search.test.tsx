import React from "react"
import { act, render, screen } from "@testing-library/react"
import { SEARCH_RETRY_DELAYS_MS, useSearch } from "../../../src/hooks/use-search"

const API = "http://127.0.0.1:4000/api"

// jsdom has no fetch: a stand-in answers with what a test sets.
const fetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>()

const found = (title: string): Response => ({ ok: true, status: 200, json: async () => ({ data: [{ id: 1, title: "Fitness", series: [{ id: 7, title }] }] }) }) as Response
const lost = () => Promise.reject(new TypeError("Failed to fetch"))

/** What a visitor of the results page would learn from the hook, as text. */
function SearchProbe({ query }: { query: string }) {
  const { busy, groups, offline } = useSearch(API, query)
  const shown = busy ? "busy" : offline ? "offline" : groups === null ? "nothing" : groups.flatMap((group) => group.series.map((series) => series.title)).join(", ")
  return <p data-testid="shown">{shown}</p>
}

const shown = () => screen.getByTestId("shown").textContent

let online = true
let consoleError: jest.SpyInstance

beforeEach(() => {
  jest.useFakeTimers()
  fetchMock.mockReset()
  globalThis.fetch = fetchMock
  online = true
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online })
  consoleError = jest.spyOn(console, "error").mockImplementation(() => {})
})

afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
})

/** Lets the answers already given settle, and the clock run `ms` further. */
const wait = (ms = 0) => act(() => jest.advanceTimersByTimeAsync(ms))

it("tries again when the first request is lost, and shows the answer without logging an error", async () => {
  fetchMock.mockImplementationOnce(lost).mockResolvedValueOnce(found("Mat Pilates Essentials"))
  render(<SearchProbe query="pilates" />)
  await wait()
  expect(shown()).toBe("busy")
  await wait(SEARCH_RETRY_DELAYS_MS[0])
  expect(shown()).toBe("Mat Pilates Essentials")
  expect(fetchMock).toHaveBeenCalledTimes(2)
  expect(consoleError).not.toHaveBeenCalled()
})

it("logs the failure once every try has failed, and shows nothing (SPEC: failed loads are only logged)", async () => {
  fetchMock.mockImplementation(lost)
  render(<SearchProbe query="pilates" />)
  await wait(SEARCH_RETRY_DELAYS_MS[0])
  expect(shown()).toBe("busy")
  await wait(SEARCH_RETRY_DELAYS_MS[1])
  expect(shown()).toBe("nothing")
  expect(fetchMock).toHaveBeenCalledTimes(1 + SEARCH_RETRY_DELAYS_MS.length)
  expect(consoleError).toHaveBeenCalledTimes(1)
  expect(consoleError.mock.calls[0]?.[0]).toBe("Error fetching search results:")
})

it("waits for the network when offline, and searches by itself once it is back", async () => {
  online = false
  fetchMock.mockResolvedValue(found("Mat Pilates Essentials"))
  render(<SearchProbe query="pilates" />)
  await wait()
  expect(shown()).toBe("offline")
  expect(fetchMock).not.toHaveBeenCalled()

  online = true
  await act(async () => window.dispatchEvent(new Event("online")))
  await wait()
  expect(shown()).toBe("Mat Pilates Essentials")
})

it("goes on waiting when the network drops again during a retry, instead of failing", async () => {
  fetchMock.mockImplementation(() => {
    online = false
    return lost()
  })
  render(<SearchProbe query="pilates" />)
  await wait()
  expect(shown()).toBe("offline")
  expect(fetchMock).toHaveBeenCalledTimes(1)
  expect(consoleError).not.toHaveBeenCalled()
})

it("leaves an answer shown where it is when the network comes back", async () => {
  fetchMock.mockResolvedValue(found("Mat Pilates Essentials"))
  render(<SearchProbe query="pilates" />)
  await wait()
  expect(shown()).toBe("Mat Pilates Essentials")
  await act(async () => window.dispatchEvent(new Event("online")))
  await wait()
  expect(fetchMock).toHaveBeenCalledTimes(1)
  expect(shown()).toBe("Mat Pilates Essentials")
})
