import http from "node:http"
import { TEST_ADMIN_TOKEN, startTestServer, type TestServer } from "../helpers/test-server"

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})

afterAll(async () => {
  await server.destroy()
})

const patch = (path: string, body: unknown) => server.edit(path, body)

describe("PATCH /admin/{collection}/{id}", () => {
  it("changes an episode's title, bumps its updated_at, and the API shows it", async () => {
    const before = (await server.call("/api/episodes/1001")).body.data
    await new Promise((resolve) => setTimeout(resolve, 5))
    const edit = await patch("episodes/1001", { title: "A Brand New Title" })
    expect(edit.status).toBe(200)
    expect(edit.body.data.title).toBe("A Brand New Title")
    const after = (await server.call("/api/episodes/1001")).body.data
    expect(after.title).toBe("A Brand New Title")
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at))
    expect({ ...after, title: before.title, updated_at: before.updated_at }).toEqual(before)
  })

  it.each([
    ["categories/1", { page_title: "New Page Title" }, "page_title"],
    ["sub-categories/11", { short_desc: null }, "short_desc"],
    ["series/101", { tags: ["One", "Two"] }, "tags"],
    ["featured-collections/1", { description: "<p>New</p>" }, "description"],
  ])("edits %s", async (path, body, field) => {
    const edit = await patch(path, body)
    expect(edit.status).toBe(200)
    const value = (body as Record<string, unknown>)[field]
    expect(edit.body.data[field]).toEqual(field === "tags" ? (value as string[]).map((title) => ({ title })) : value)
  })

  it("answers 400 with a message for an unknown field or a wrong type, changing nothing", async () => {
    const before = (await server.call("/api/episodes/1002")).body.data
    const unknown = await patch("episodes/1002", { id: 5 })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toMatch(/cannot be edited/)
    const wrongType = await patch("episodes/1002", { title: 7 })
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.message).toMatch(/title must be/)
    expect((await patch("episodes/1002", {})).status).toBe(400)
    expect((await server.call("/api/episodes/1002")).body.data).toEqual(before)
  })

  it("answers 404 for an unknown id or collection", async () => {
    expect((await patch("episodes/99999", { title: "x" })).status).toBe(404)
    expect((await patch("subscriptions/1", { email: "x" })).status).toBe(404)
  })

  it("sends no CORS headers, so no web page can call it", async () => {
    const answer = await server.admin("subscriptions", { headers: { origin: "http://evil.example" } })
    expect(answer.headers.get("access-control-allow-origin")).toBeNull()
  })
})

describe("the admin token (CMS_ADMIN_TOKEN)", () => {
  const titleOf1001 = async () => (await server.call("/api/episodes/1001")).body.data.title
  const editWith = (headers: Record<string, string>) =>
    server.call("/admin/episodes/1001", {
      method: "PATCH",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ title: "Not by an editor" }),
    })

  it("answers 401 with a message and a Bearer challenge without the token, changing nothing", async () => {
    const before = await titleOf1001()
    const answer = await editWith({})
    expect(answer.status).toBe(401)
    expect(answer.body.message).toBe("Send the admin token as Authorization: Bearer <CMS_ADMIN_TOKEN>.")
    expect(answer.headers.get("www-authenticate")).toBe("Bearer")
    expect(await titleOf1001()).toBe(before)
    expect((await server.call("/admin/subscriptions")).status).toBe(401)
  })

  it.each([
    ["a wrong token", `Bearer ${TEST_ADMIN_TOKEN}x`],
    ["a token one character short", `Bearer ${TEST_ADMIN_TOKEN.slice(0, -1)}`],
    ["the token under another scheme", `Basic ${TEST_ADMIN_TOKEN}`],
  ])("answers 401 for %s, changing nothing", async (_, authorization) => {
    const before = await titleOf1001()
    const answer = await editWith({ authorization })
    expect(answer.status).toBe(401)
    expect(answer.body.message).toMatch(/CMS_ADMIN_TOKEN/)
    expect(answer.body.message).not.toContain(TEST_ADMIN_TOKEN)
    expect(await titleOf1001()).toBe(before)
  })

  it("does the request with the right token, the scheme's name in any case", async () => {
    expect((await editWith({ authorization: `bearer ${TEST_ADMIN_TOKEN}` })).status).toBe(200)
    expect(await titleOf1001()).toBe("Not by an editor")
    expect((await server.admin("subscriptions")).status).toBe(200)
  })

  it("keeps the admin API off (403, saying how to turn it on) when the server has no token", async () => {
    const closed = await startTestServer({ adminToken: null })
    try {
      for (const headers of [{}, { authorization: "Bearer anything-at-all-here" }] as Record<string, string>[]) {
        const answer = await closed.call("/admin/subscriptions", { headers })
        expect(answer.status).toBe(403)
        expect(answer.body.message).toMatch(/admin API is off.*CMS_ADMIN_TOKEN/)
      }
      expect((await closed.edit("episodes/1001", { title: "x" })).status).toBe(403)
      expect((await closed.call("/api/episodes/1001")).status).toBe(200)
    } finally {
      await closed.destroy()
    }
  })
})

describe("the Host check (DNS rebinding)", () => {
  /** A GET over real HTTP with the Host header a browser sends for `host` (fetch does not let a caller set it). */
  const withHost = (target: TestServer, host: string, url = "/api/categories") =>
    new Promise<{ statusCode: number; json: () => { message: string } }>((resolve, reject) => {
      const request = http.get(`${target.origin}${url}`, { headers: { host, authorization: `Bearer ${TEST_ADMIN_TOKEN}` } }, (response) => {
        let text = ""
        response.on("data", (chunk) => (text += chunk))
        response.on("end", () => resolve({ statusCode: response.statusCode!, json: () => JSON.parse(text) }))
      })
      request.on("error", reject)
    })

  it("refuses a name it was not given with 421 and says which setting adds it, even with the admin token", async () => {
    for (const url of ["/admin/subscriptions", "/api/categories", "/media/series-101.jpg", "/no/such/path"]) {
      const answer = await withHost(server, "rebound.attacker.example:4000", url)
      expect(answer.statusCode).toBe(421)
      expect(answer.json().message).toMatch(/"rebound\.attacker\.example".*CMS_ALLOWED_HOSTS/)
    }
  })

  it.each(["127.0.0.1:4000", "localhost:4000", "LOCALHOST", "cms.localhost", "[::1]:4000", "192.168.1.20"])(
    "answers a request sent to %s (an address or a loopback name)",
    async (host) => {
      expect((await withHost(server, host, "/admin/subscriptions")).statusCode).toBe(200)
    },
  )

  it("answers the names it is given, a leading dot taking every name under it", async () => {
    const proxied = await startTestServer({ allowedHosts: ["cms.example.com", ".example.org"] })
    try {
      for (const host of ["cms.example.com", "CMS.example.com:443", "example.org", "api.example.org"]) {
        expect((await withHost(proxied, host)).statusCode).toBe(200)
      }
      for (const host of ["example.com", "cms.example.com.evil.test", "notexample.org"]) {
        expect((await withHost(proxied, host)).statusCode).toBe(421)
      }
    } finally {
      await proxied.destroy()
    }
  })
})
