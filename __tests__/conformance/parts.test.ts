import { spread } from "../../conformance/src/backend/crawl"
import { readOptions } from "../../conformance/src/options"
import { timestampProblem } from "../../conformance/src/results/problems"
import { formatReport, summaryLine } from "../../conformance/src/results/report"
import { fail, pass, skip } from "../../conformance/src/results/results"
import { unknownId } from "../../conformance/src/checks/shapes-and-ids"

// The kit's pure parts: what it samples, how it judges a timestamp, how it
// reads its flags and prints its table.

describe("the kit's sample", () => {
  it("takes everything from a short list, and the first, the last and evenly between from a long one", () => {
    expect(spread([1, 2, 3], 5)).toEqual([1, 2, 3])
    expect(spread([1, 2, 3, 4, 5, 6, 7, 8, 9], 3)).toEqual([1, 5, 9])
    expect(spread([1, 2, 3], 1)).toEqual([1])
  })
})

describe("timestamps", () => {
  it.each(["2025-01-31T12:00:00Z", "2025-01-31T12:00:00.123Z", "2025-01-31T12:00Z", "2025-01-31T12:00:00+00:00"])("takes %p as ISO 8601 in UTC", (value) => {
    expect(timestampProblem(value, true)).toBeUndefined()
  })

  it.each([
    [undefined, "is missing"],
    [null, "is null"],
    ["2025-01-31", "not an ISO 8601 date and time with its zone"],
    ["2025-01-31T12:00:00", "not an ISO 8601 date and time with its zone"],
    ["2025-13-45T12:00:00Z", "not an ISO 8601 date and time with its zone"],
    [1738324800, "not an ISO 8601 date and time with its zone"],
    ["2025-01-31T14:00:00+02:00", "not in UTC"],
  ])("refuses %p: %s", (value, problem) => {
    expect(timestampProblem(value, true)).toContain(problem)
  })

  it("takes any zone where UTC is not asked for (the feed's now)", () => {
    expect(timestampProblem("2025-01-31T14:00:00+02:00", false)).toBeUndefined()
  })
})

describe("an unknown id", () => {
  it("is a number past every numeric id, or a word when ids are not all numbers", () => {
    expect(unknownId([1, 2, 1_000_000_000])).toBe(1_000_000_001)
    expect(unknownId([1, "yoga"])).toBe("no-such-entity-ck")
  })
})

describe("the kit's flags", () => {
  it("reads the site's origin from SITE_URL unless --site-origin gives one", () => {
    const read = readOptions(["http://127.0.0.1:4000/api"], {}, { SITE_URL: "https://www.example.com/path" })
    expect(read).toMatchObject({ options: { siteOrigin: "https://www.example.com", sample: 20, commands: {} } })
    expect(readOptions(["http://x/api"], { "site-origin": "http://localhost:8000", sample: "all" }, {})).toMatchObject({
      options: { siteOrigin: "http://localhost:8000", sample: Infinity },
    })
  })

  it("names every problem at once", () => {
    const read = readOptions([], { webhook: true, "webhook-secret": "secret", "webhook-port": "0", sample: "0" }, {})
    expect("problems" in read && read.problems).toEqual([
      "give one URL: the API's base, including /api (http://127.0.0.1:4000/api)",
      '--sample must be a whole number above 0 or "all", not "0"',
      expect.stringMatching(/^--webhook-secret is not a Standard Webhooks secret/),
      expect.stringMatching(/^--webhook needs --webhook-port N/),
      "--webhook needs --edit CMD: the kit makes an edit and waits for its delivery",
    ])
  })
})

describe("the report", () => {
  const results = [
    pass("shapes", "GET /categories"),
    fail("cors", "CORS: GET /search", "answer with Access-Control-Allow-Origin", ["one", "two", "three", "four", "five"]),
    skip("webhook", "webhook: body { event, refs }", "give --webhook"),
  ]

  it("aligns the columns, names the first problems and how many more, and ends with the summary alone", () => {
    const lines = formatReport(results, "http://x/api").trimEnd().split("\n")
    expect(lines.slice(2)).toEqual([
      "check                          result  what to fix",
      "GET /categories                PASS",
      "CORS: GET /search              FAIL    answer with Access-Control-Allow-Origin",
      "                                       - one",
      "                                       - two",
      "                                       - three",
      "                                       - and 2 more (--json FILE lists them all)",
      "webhook: body { event, refs }  SKIP    give --webhook",
      "",
      "1 passed, 1 failed, 1 skipped",
    ])
  })

  it("leaves the skipped count out when nothing was skipped", () => {
    expect(summaryLine([pass("a", "b")])).toBe("1 passed, 0 failed")
  })
})
