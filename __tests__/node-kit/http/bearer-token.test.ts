import { bearerToken, hasBearerToken, requireBearerToken } from "../../../node-kit/http/bearer-token"
import { HttpError } from "../../../node-kit/http/http-error"

describe("bearerToken", () => {
  it("reads the token of a Bearer header, the scheme in any case", () => {
    expect(bearerToken("Bearer abc.DEF-123")).toBe("abc.DEF-123")
    expect(bearerToken("bearer abc")).toBe("abc")
  })

  it.each([undefined, "", "Bearer", "Bearer ", "Basic abc", "Bearer a b", ["Bearer abc"]])("finds none in %j", (header) => {
    expect(bearerToken(header as string | string[] | undefined)).toBeUndefined()
  })
})

describe("hasBearerToken", () => {
  it("says whether the header carries exactly the token", () => {
    expect(hasBearerToken("Bearer the-right-token-16", "the-right-token-16")).toBe(true)
    expect(hasBearerToken("bearer the-right-token-16", "the-right-token-16")).toBe(true)
    for (const header of [undefined, "", "Bearer the-right-token-1", "Bearer the-right-token-160", "the-right-token-16", ["Bearer the-right-token-16"]]) {
      expect(hasBearerToken(header, "the-right-token-16")).toBe(false)
    }
  })
})

describe("requireBearerToken", () => {
  const refusal = (header: string | undefined) => {
    try {
      requireBearerToken(header, "the-right-token-16", "SOME_TOKEN")
    } catch (error) {
      return error as HttpError
    }
    return undefined
  }

  it("lets the right token through", () => {
    expect(refusal("Bearer the-right-token-16")).toBeUndefined()
  })

  it("answers 401 with a Bearer challenge naming the setting, for a missing header and for a wrong token", () => {
    const missing = refusal(undefined)!
    expect(missing.statusCode).toBe(401)
    expect(missing.message).toBe("Send the admin token as Authorization: Bearer <SOME_TOKEN>.")
    expect(missing.headers).toEqual({ "WWW-Authenticate": "Bearer" })
    const wrong = refusal("Bearer the-right-token-17")!
    expect(wrong.statusCode).toBe(401)
    expect(wrong.message).toMatch(/wrong.*SOME_TOKEN/)
    expect(wrong.message).not.toContain("the-right-token")
    expect(wrong.headers).toEqual({ "WWW-Authenticate": 'Bearer error="invalid_token"' })
  })
})
