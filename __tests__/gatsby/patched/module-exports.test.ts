import fs from "node:fs"
import os from "node:os"
import path from "node:path"

// patches/gatsby+5.16.1.patch: load-plugins asks, in every build, which APIs each plugin's gatsby-browser
// and gatsby-ssr export. Gatsby made a new module resolver for each of those forty-odd files and parsed each
// with Babel; the patch keeps one resolver per process and the names each file exports by its content.

type ResolveModuleExports = (modulePath: string, options?: { mode?: string }) => Promise<string[]>
type ResolveModule = (modulePath: string) => string

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "module-exports-"))
  jest.spyOn(process, "cwd").mockReturnValue(dir)
})
afterEach(() => {
  jest.restoreAllMocks()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** A fresh copy of Gatsby's module, as a new build process loads it; `parserFails` stands Babel's parser in for one that throws. */
function freshExports(parserFails = false): ResolveModuleExports {
  let resolve!: ResolveModuleExports
  jest.isolateModules(() => {
    if (parserFails)
      jest.doMock("@babel/parser", () => ({
        parse: () => {
          throw new Error("parsed")
        },
      }))
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy of Gatsby's patched file in jest.isolateModules, as a new build process loads it
    resolve = (require("gatsby/dist/bootstrap/resolve-module-exports") as { resolveModuleExports: ResolveModuleExports }).resolveModuleExports
  })
  jest.dontMock("@babel/parser")
  return resolve
}

const write = (name: string, code: string) => fs.writeFileSync(path.join(dir, name), code)

describe("resolveModuleExports", () => {
  it("names a gatsby-browser file's exports, and a later build whose file did not change parses nothing", async () => {
    write("gatsby-browser.tsx", "export const onRouteUpdate = () => {}\nexport function wrapPageElement({ element }: { element: unknown }) { return element }\n")
    expect(await freshExports()(path.join(dir, "gatsby-browser"))).toEqual(["onRouteUpdate", "wrapPageElement"])

    // The next build, its parser broken: the names still come, from what the last one kept in .cache.
    expect(await freshExports(true)(path.join(dir, "gatsby-browser"))).toEqual(["onRouteUpdate", "wrapPageElement"])
    expect(fs.existsSync(path.join(dir, ".cache", "caches", "module-exports.json"))).toBe(true)
  })

  it("parses a file again once its content changed, and keeps one entry for it", async () => {
    write("gatsby-ssr.js", "exports.onRenderBody = () => {}\n")
    expect(await freshExports()(path.join(dir, "gatsby-ssr"))).toEqual(["onRenderBody"])
    write("gatsby-ssr.js", "exports.onRenderBody = () => {}\nexports.onPreRenderHTML = () => {}\n")
    expect(await freshExports()(path.join(dir, "gatsby-ssr"))).toEqual(["onRenderBody", "onPreRenderHTML"])
    const record = JSON.parse(fs.readFileSync(path.join(dir, ".cache", "caches", "module-exports.json"), "utf8")) as Record<string, string[]>
    expect(Object.values(record)).toEqual([["onRenderBody", "onPreRenderHTML"]])
  })

  it("answers nothing for a file that is not there, and reads a damaged record as none", async () => {
    fs.mkdirSync(path.join(dir, ".cache", "caches"), { recursive: true })
    fs.writeFileSync(path.join(dir, ".cache", "caches", "module-exports.json"), "{ not json")
    write("gatsby-browser.js", "export const onClientEntry = () => {}\n")
    const resolve = freshExports()
    expect(await resolve(path.join(dir, "gatsby-ssr"))).toEqual([])
    expect(await resolve(path.join(dir, "gatsby-browser"))).toEqual(["onClientEntry"])
  })
})

describe("resolveModule", () => {
  it("resolves every file with one resolver a process", () => {
    write("gatsby-browser.tsx", "export {}\n")
    write("gatsby-ssr.js", "export {}\n")
    let resolveModule!: ResolveModule
    const made = jest.fn()
    jest.isolateModules(() => {
      jest.doMock("enhanced-resolve", () => {
        const real = jest.requireActual<{ create: { sync: (...args: unknown[]) => unknown } }>("enhanced-resolve")
        return { ...real, create: { ...real.create, sync: (...args: unknown[]) => (made(), real.create.sync(...args)) } }
      })
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy of Gatsby's patched file in jest.isolateModules, as a new build process loads it
      resolveModule = (require("gatsby/dist/utils/module-resolver") as { resolveModule: ResolveModule }).resolveModule
    })
    jest.dontMock("enhanced-resolve")
    expect(resolveModule(path.join(dir, "gatsby-browser"))).toBe(path.join(dir, "gatsby-browser.tsx"))
    expect(resolveModule(path.join(dir, "gatsby-ssr"))).toBe(path.join(dir, "gatsby-ssr.js"))
    expect(() => resolveModule(path.join(dir, "gatsby-node"))).toThrow()
    expect(made).toHaveBeenCalledTimes(1)
  })
})
