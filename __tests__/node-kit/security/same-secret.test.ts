import { sameSecret } from "../../../node-kit/security/same-secret"

describe("sameSecret", () => {
  it("is true for equal strings or bytes only", () => {
    expect(sameSecret("s3cret-token", "s3cret-token")).toBe(true)
    expect(sameSecret(Buffer.from("abc"), "abc")).toBe(true)
    expect(sameSecret("s3cret-tokeN", "s3cret-token")).toBe(false)
    expect(sameSecret("s3cret", "s3cret-token")).toBe(false)
    expect(sameSecret("", "s3cret-token")).toBe(false)
  })
})
