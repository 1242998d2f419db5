import { isValidEmail, normalizeEmail } from "../../contract/email"

/** The subscribe form's rule before the contract: the form said yes where the server said no. */
const OLD_BROWSER_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

describe("isValidEmail", () => {
  it.each(["ana@example.com", "a+tag@x.co", "o'neil@x.ie", "first.last@sub.example.org", "a@1.2.3.4", "A@EXAMPLE.COM"])("accepts %j", (address) => {
    expect(isValidEmail(address)).toBe(true)
  })

  // Each of these passed the old browser rule and was then refused by the
  // server with a 400; one rule on both sides tells the visitor at once.
  it.each([
    ["a@b..c", "an empty domain label"],
    ["a@x..com", "an empty domain label"],
    ["a@.x.com", "a domain starting with a dot"],
    ["a@x.com.", "a domain ending with a dot"],
    ['"quoted"@x.com', "a quoted local part"],
    ["a@-x.com", "a label starting with a hyphen"],
    ["a@x-.com", "a label ending with a hyphen"],
    ["a@x_y.com", "an underscore in the domain"],
    ["user@[1.2.3.4]", "an address literal"],
    ["ü@x.com", "a non-ASCII local part"],
    ["a@ü.com", "a non-ASCII domain (send it as punycode)"],
    ["a(b)@x.com", "a comment"],
    ["a<b>@x.com", "angle brackets"],
    ["a,b@x.com", "a comma"],
    ["a;b@x.com", "a semicolon"],
    ["a@x/y.com", "a slash in the domain"],
    [`a@${"x".repeat(64)}.com`, "a domain label over 63 characters"],
    [`${"x".repeat(250)}@example.com`, "over 254 characters"],
  ])("refuses %j (%s), which the old browser rule let through", (address) => {
    expect(OLD_BROWSER_RULE.test(address)).toBe(true)
    expect(isValidEmail(address)).toBe(false)
  })

  it.each(["", "plainaddress", "@example.com", "a@b", "a b@c.d", "a@@x.com", " a@x.com", "a@x.com "])("refuses %j, as the old rule did", (address) => {
    expect(OLD_BROWSER_RULE.test(address)).toBe(false)
    expect(isValidEmail(address)).toBe(false)
  })

  it("follows the HTML standard's <input type=email>, which allows dots anywhere in the local part", () => {
    expect(isValidEmail("a..b@x.com")).toBe(true)
    expect(isValidEmail(".a@x.com")).toBe(true)
  })
})

describe("normalizeEmail", () => {
  it("makes two spellings of one address the same", () => {
    expect(normalizeEmail("  Ben.Lee@EXAMPLE.org ")).toBe(normalizeEmail("ben.lee@example.org"))
  })
})
