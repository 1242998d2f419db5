import { isValidEmail as contractRule } from "../../../contract/email"
import { addressOf, MESSAGES } from "../../../integrations/strapi/src/catalogue/subscribe/answers"
import { isValidEmail } from "../../../integrations/strapi/src/catalogue/subscribe/email"
import { refusalBeforeReading, SUBSCRIBE_BODY_LIMIT_BYTES, subscribeRequestGuard } from "../../../integrations/strapi/src/catalogue/subscribe/request-guard"

// POST /subscribe in the Strapi integration: the same addresses as the
// subscribe form's rule (contract/email.ts, copied there), the contract's
// 400 { message } for anything else, and a body refused before it is read.

const ADDRESSES = [
  "ann@example.com",
  "ann.o'neil+news@mail.example.co.uk",
  "ann@localhost",
  "ann@@example.com",
  "ann example@example.com",
  "ann@-example.com",
  "ann@example..com",
  "@example.com",
  `${"a".repeat(250)}@x.io`,
  "ünïcode@example.com",
  "",
]

describe("an address", () => {
  it.each(ADDRESSES)("%j is taken exactly when the subscribe form's rule takes it", (address) => {
    expect(isValidEmail(address)).toBe(contractRule(address))
  })

  it("is read trimmed from a JSON object's email", () => {
    expect(addressOf({ email: "  ann@example.com " })).toEqual({ address: "ann@example.com" })
  })

  it.each([
    [{ email: "not-an-address" }, MESSAGES.invalid],
    [{ email: 42 }, MESSAGES.notString],
    [{}, MESSAGES.notString],
    [["ann@example.com"], MESSAGES.notJson],
    ["ann@example.com", MESSAGES.notJson],
    [null, MESSAGES.notJson],
  ])("%j is refused with 400 and a message the visitor reads", (body, message) => {
    expect(addressOf(body)).toEqual({ refusal: { status: 400, body: { message } } })
  })
})

describe("the request, before its body is read", () => {
  const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name.toLowerCase()] ?? "" })

  it("is read when it is JSON of a stated length within the limit", () => {
    expect(refusalBeforeReading(headers({ "content-type": "application/json; charset=utf-8", "content-length": "40" }))).toBeUndefined()
  })

  it.each([
    [{ "content-type": "text/plain", "content-length": "40" }, 415],
    [{ "content-type": "multipart/form-data; boundary=x", "content-length": "40" }, 415],
    [{ "content-type": "application/json" }, 411],
    [{ "content-type": "application/json", "content-length": String(SUBSCRIBE_BODY_LIMIT_BYTES + 1) }, 413],
  ])("%j is refused with %i", (values, status) => {
    expect(refusalBeforeReading(headers(values))?.status).toBe(status)
  })

  const context = (method: string, path: string, values: Record<string, string>) => ({ method, path, ...headers(values), status: 404, body: undefined as unknown })

  it("refuses with the contract's { message }, and lets every other request through untouched", async () => {
    const guard = subscribeRequestGuard()
    const next = jest.fn(async () => undefined)
    const refused = context("POST", "/api/subscribe", { "content-type": "text/plain", "content-length": "3" })
    await guard(refused, next)
    expect(refused).toMatchObject({ status: 415, body: { message: expect.stringContaining("JSON") } })
    expect(next).not.toHaveBeenCalled()
    await guard(context("POST", "/admin/login", { "content-type": "text/plain" }), next)
    await guard(context("GET", "/api/subscribe", {}), next)
    expect(next).toHaveBeenCalledTimes(2)
  })

  it("answers a body the parser cannot read with { message }, not Strapi's error shape", async () => {
    const broken = context("POST", "/api/subscribe", { "content-type": "application/json", "content-length": "4" })
    await subscribeRequestGuard()(broken, async () => {
      throw Object.assign(new SyntaxError("invalid JSON, only supports object and array"), { status: 400 })
    })
    expect(broken).toMatchObject({ status: 400, body: { message: MESSAGES.notJson } })
  })
})
