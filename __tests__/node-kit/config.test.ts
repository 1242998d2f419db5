import path from "node:path"
import { ConfigError } from "../../node-kit/config/config-error"
import { MIN_SECRET_LENGTH, readSettings } from "../../node-kit/config/settings-reader"
import { DEFAULT_CATALOGUE_API_URL, siteBuildEnv } from "../../node-kit/config/site-build"

describe("readSettings", () => {
  it("answers fallbacks for unset variables and reads set ones", () => {
    const unset = readSettings({}, "test service")
    expect(unset.port("PORT", 4000)).toBe(4000)
    expect(unset.host("HOST", "127.0.0.1")).toBe("127.0.0.1")
    expect(unset.positiveInteger("COUNT", 10)).toBe(10)
    expect(unset.onOff("FEATURE", true)).toBe(true)
    expect(unset.url("HOOK_URL")).toBeUndefined()
    expect(unset.secret("SECRET", "anyone could sign")).toBeUndefined()
    expect(unset.done("ok")).toBe("ok")

    const set = readSettings(
      { PORT: "0", HOST: " ::1 ", COUNT: "3", DAYS: "0.5", FEATURE: "off", HOOK_URL: "http://127.0.0.1:9000/hook", SECRET: "x".repeat(16), DIR: "data" },
      "test service",
    )
    expect(set.port("PORT", 4000)).toBe(0)
    expect(set.host("HOST", "127.0.0.1")).toBe("::1")
    expect(set.positiveInteger("COUNT", 10)).toBe(3)
    expect(set.positiveNumber("DAYS", 30)).toBe(0.5)
    expect(set.onOff("FEATURE", true)).toBe(false)
    expect(set.url("HOOK_URL")).toBe("http://127.0.0.1:9000/hook")
    expect(set.secret("SECRET", "anyone could sign")).toBe("x".repeat(16))
    expect(set.path("DIR", "/elsewhere")).toBe(path.resolve("data"))
    expect(set.text("HOST")).toBe("::1")
  })

  it("names every problem at once, and an empty port is a problem, not port 0", () => {
    const settings = readSettings({ PORT: "", COUNT: "0", DAYS: "-1", FEATURE: "yes", HOOK_URL: "ftp://x", SECRET: "short", HOST: "a b" }, "test service")
    expect(settings.port("PORT", 4000)).toBe(4000)
    settings.positiveInteger("COUNT", 10)
    settings.positiveNumber("DAYS", 30)
    settings.onOff("FEATURE", true)
    settings.url("HOOK_URL")
    settings.secret("SECRET", "anyone who guesses it can trigger builds")
    settings.host("HOST", "127.0.0.1")
    settings.problem("HOOK_URL needs SECRET")
    let error: unknown
    try {
      settings.done({})
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(ConfigError)
    const { message, problems } = error as ConfigError
    expect(problems).toHaveLength(8)
    expect(message).toMatch(/^The test service's configuration is wrong:\n- /)
    expect(message).toContain('PORT must be a whole number from 0 to 65535, not ""')
    expect(message).toContain("COUNT must be a whole number from 1 to")
    expect(message).toContain('DAYS must be a number above 0, not "-1"')
    expect(message).toContain('FEATURE must be on or off, not "yes"')
    expect(message).toContain('HOOK_URL must be an http(s) URL, not "ftp://x"')
    expect(message).toContain(`SECRET must be at least ${MIN_SECRET_LENGTH} characters long: anyone who guesses it can trigger builds`)
    expect(message).toContain('HOST must be a host name or address to listen on, not "a b"')
    expect(message).toContain("- HOOK_URL needs SECRET")
  })

  it("refuses ports out of range and fractions", () => {
    const settings = readSettings({ A: "65536", B: "80.5", C: "eighty" }, "test service")
    expect([settings.port("A", 1), settings.port("B", 2), settings.port("C", 3)]).toEqual([1, 2, 3])
    expect(() => settings.done(null)).toThrow(/A must .*\n- B must .*\n- C must/)
  })
})

describe("the webhook secret rule (one for the CMS and the publisher)", () => {
  const secret = (bytes: number, fill = 5) => `whsec_${Buffer.alloc(bytes, fill).toString("base64")}`
  const read = (value: string) => {
    const settings = readSettings({ PUBLISH_WEBHOOK_SECRET: value }, "test service")
    const answer = settings.webhookKeys("PUBLISH_WEBHOOK_SECRET", "anyone who knows it can trigger builds")
    try {
      return settings.done(answer)
    } catch (error) {
      return error as ConfigError
    }
  }

  it("takes whsec_ and the base64 of 24 to 64 bytes, one or several space-separated (a rotation), as the keys to sign and check with", () => {
    expect(read(secret(24))).toEqual([Buffer.alloc(24, 5)])
    expect(read(secret(64))).toEqual([Buffer.alloc(64, 5)])
    expect(read(` ${secret(32)}   ${secret(32, 6)} `)).toEqual([Buffer.alloc(32, 5), Buffer.alloc(32, 6)])
    expect(readSettings({}, "test service").webhookKeys("PUBLISH_WEBHOOK_SECRET", "x")).toBeUndefined()
  })

  it("names what is wrong, and which secret, without showing the value", () => {
    const cases: [string, RegExp][] = [
      ["a-long-shared-secret-of-old", /it is not a Standard Webhooks secret \(whsec_ followed by the base64 of 24 to 64 random bytes\)/],
      ["whsec_not base64!", /what follows whsec_ is not base64/],
      [secret(16), /it holds 16 bytes; it must be whsec_/],
      [secret(65), /it holds 65 bytes/],
      [`${secret(32)} whsec_c2hvcnQ=`, /its secret number 2 holds 5 bytes/],
    ]
    for (const [value, message] of cases) {
      const error = read(value)
      expect(error).toBeInstanceOf(ConfigError)
      expect((error as ConfigError).message).toMatch(message)
      expect((error as ConfigError).message).toMatch(/openssl rand -base64 32/)
      // No key material in the message (the short test words above aside, which read as words).
      for (const part of value.split(" ").filter((word) => word.length > 20)) expect((error as ConfigError).message).not.toContain(part.slice(6))
    }
  })
})

describe("the site's build environment (one reading for gatsby-config.ts and the source plugin)", () => {
  it("reads the reference server's catalogue by default, and has visitors' browsers call the same API", () => {
    expect(siteBuildEnv({})).toEqual({ catalogueApiUrl: DEFAULT_CATALOGUE_API_URL, publicApiUrl: DEFAULT_CATALOGUE_API_URL, previewToken: undefined, preview: false })
    expect(siteBuildEnv({ CATALOGUE_API_URL: "http://cms.internal/api" }).publicApiUrl).toBe("http://cms.internal/api")
    expect(siteBuildEnv({ CATALOGUE_API_URL: "http://cms.internal/api", CATALOGUE_PUBLIC_API_URL: "https://api.example.com/api" }).publicApiUrl).toBe("https://api.example.com/api")
  })

  it("is a preview build when it is given the draft view's token, and not for a blank one", () => {
    expect(siteBuildEnv({ CATALOGUE_PREVIEW_TOKEN: " draft-view-token-0123 " })).toMatchObject({ previewToken: "draft-view-token-0123", preview: true })
    expect(siteBuildEnv({ CATALOGUE_PREVIEW_TOKEN: "  " })).toMatchObject({ previewToken: undefined, preview: false })
  })
})
