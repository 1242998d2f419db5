import { ANSWERS } from "../../contract/schemas"
import { expectContract } from "./helpers/contract"
import { startTestServer, type TestServer } from "./helpers/test-server"

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})

afterAll(async () => {
  await server.destroy()
})

/** Every answer honours the contract: 200 `{ success, message }`, anything else `{ message? }`. */
async function post(body: string, contentType = "application/json") {
  const answer = await server.call("/api/subscribe", { method: "POST", headers: { "content-type": contentType }, body })
  expectContract(answer.status === 200 ? ANSWERS.subscribe : ANSWERS.error, answer.body)
  return answer
}

const subscribe = (email: unknown) => post(JSON.stringify({ email }))

const stored = () =>
  (server.db.prepare("SELECT email FROM subscriptions ORDER BY id").all() as { email: string }[]).map((r) => r.email)

describe("POST /api/subscribe", () => {
  it("accepts a valid address with success true and stores it", async () => {
    const { status, body } = await subscribe("ana@example.com")
    expect(status).toBe(200)
    expect(body).toEqual({ success: true, message: expect.any(String) })
    expect(stored()).toContain("ana@example.com")
  })

  it("answers 400 for the same address in another case, and stores it once", async () => {
    await subscribe("Ben.Lee@Example.org")
    const { status, body } = await subscribe("  ben.lee@EXAMPLE.ORG ")
    expect(status).toBe(400)
    expect(body.message).toMatch(/already subscribed/)
    expect(stored().filter((e) => e.toLowerCase() === "ben.lee@example.org")).toHaveLength(1)
  })

  it.each(["", "plainaddress", "@example.com", "a@b", "a b@example.com", "a@example..com", `${"x".repeat(250)}@example.com`])(
    "answers 400 with a message for the invalid address %j",
    async (email) => {
      const before = stored().length
      const { status, body } = await subscribe(email)
      expect(status).toBe(400)
      expect(body.message).toBe("Please enter a valid email address.")
      expect(stored()).toHaveLength(before)
    },
  )

  it.each([
    ["a number", JSON.stringify({ email: 42 })],
    ["null", JSON.stringify({ email: null })],
    ["a list", JSON.stringify({ email: ["a@example.com"] })],
    ["no email field", JSON.stringify({ mail: "a@example.com" })],
    ["a bare string", JSON.stringify("a@example.com")],
    ["an array body", JSON.stringify([{ email: "a@example.com" }])],
  ])("answers 400 with a message for %s", async (_, body) => {
    const answer = await post(body)
    expect(answer.status).toBe(400)
    expect(answer.body.message).toEqual(expect.any(String))
  })

  it("answers 400 with a message for malformed JSON and for an empty body", async () => {
    for (const body of ['{"email": ', "{'email': 'a@example.com'}", "\u0000"]) {
      const answer = await post(body)
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe("The request body is not valid JSON.")
    }
    const empty = await post("")
    expect(empty.status).toBe(400)
    expect(empty.body.message).toMatch(/empty/)
  })

  it("answers 413 with a message for a huge body, and keeps serving", async () => {
    const huge = JSON.stringify({ email: `${"a".repeat(1024 * 1024)}@example.com` })
    const answer = await post(huge)
    expect(answer.status).toBe(413)
    expect(answer.body.message).toMatch(/larger than/)
    expect((await subscribe("after.huge@example.com")).status).toBe(200)
  })

  it("answers the special .test domains as each error of SPEC.md section 8, storing nothing", async () => {
    const before = stored().length
    expect(await subscribe("x@reject.test")).toMatchObject({ status: 200, body: { success: false, message: expect.any(String) } })
    expect(await subscribe("x@fail.test")).toMatchObject({ status: 500, body: { message: expect.any(String) } })
    const silent = await subscribe("x@fail-silently.test")
    expect(silent.status).toBe(503)
    expect(silent.body.message).toBeUndefined()
    await expect(subscribe("x@no-response.test")).rejects.toThrow()
    expect(stored()).toHaveLength(before)
  })

  it("keeps every accepted subscription across a restart", async () => {
    await subscribe("durable@example.com")
    server = await server.restart()
    expect(stored()).toEqual(expect.arrayContaining(["ana@example.com", "durable@example.com"]))
    expect((await subscribe("DURABLE@example.com")).status).toBe(400)
    const listed = await server.call("/admin/subscriptions")
    expect(listed.body.data.map((s: { email: string }) => s.email)).toContain("durable@example.com")
  })
})
