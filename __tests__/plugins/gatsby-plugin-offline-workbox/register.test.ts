import { serviceWorkerWanted } from "../../../plugins/gatsby-plugin-offline-workbox/src/browser/register"

const ENV = process.env.NODE_ENV

function browserAt(href: string, withServiceWorker = true) {
  const url = new URL(href)
  Object.assign(globalThis, {
    window: { location: { protocol: url.protocol, hostname: url.hostname } },
    navigator: withServiceWorker ? { serviceWorker: {} } : {},
  })
}

afterEach(() => {
  process.env.NODE_ENV = ENV
  delete (globalThis as { window?: unknown }).window
  Object.defineProperty(globalThis, "navigator", { value: undefined, configurable: true, writable: true })
})

describe("serviceWorkerWanted", () => {
  it("is false under `gatsby develop`, even on localhost", () => {
    process.env.NODE_ENV = "development"
    browserAt("http://localhost:8000/")
    expect(serviceWorkerWanted()).toBe(false)
  })

  it.each([
    ["https://moveflix.example/", true],
    ["http://localhost:9000/", true],
    // Where Gatsby's own registration would log an error: this one stays quiet and registers nothing.
    ["http://127.0.0.1:9000/", false],
    ["http://moveflix.example/", false],
  ])("in a production build at %s: %s", (href, wanted) => {
    process.env.NODE_ENV = "production"
    browserAt(href)
    expect(serviceWorkerWanted()).toBe(wanted)
  })

  it("is false in a browser without service workers", () => {
    process.env.NODE_ENV = "production"
    browserAt("https://moveflix.example/", false)
    expect(serviceWorkerWanted()).toBe(false)
  })
})
