import { isLoopback } from "../../cms/src/routes/admin"
import { startTestServer, type TestServer } from "./helpers/test-server"

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
    const answer = await server.call("/admin/subscriptions", { headers: { origin: "http://evil.example" } })
    expect(answer.headers.get("access-control-allow-origin")).toBeNull()
  })
})

describe("isLoopback", () => {
  it("lets only loopback addresses through", () => {
    expect(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"].every(isLoopback)).toBe(true)
    expect(["10.0.0.1", "192.168.1.2", "::ffff:10.0.0.1", "", undefined].some(isLoopback)).toBe(false)
  })
})
